/* SPDX-License-Identifier: MIT */
/* editor/core/wrap.c - text wrapped to a width. */
#include "wrap.h"

#include <string.h>

int ed_wrap(const char *text, int width, char (*lines)[ED_STATUS_LINE], int max)
{
    if (width < 4)
        width = 4;
    if (width > ED_STATUS_LINE - 1)
        width = ED_STATUS_LINE - 1;
    int nl = 0;
    const char *p = text;
    while (*p && nl < max) {
        while (*p == ' ')
            p++;
        size_t left = strlen(p);
        if (left == 0)
            break;
        size_t take = left <= (size_t)width ? left : (size_t)width;
        if (take < left) {
            /* break at the last blank that fits; a word longer than the line is cut */
            size_t b = take;
            while (b > 0 && p[b] != ' ')
                b--;
            if (b > 0)
                take = b;
        }
        int last = nl == max - 1 && take < left;
        if (last) {
            /* room for the dots that say the message goes on */
            size_t room = (size_t)width >= 3 ? (size_t)width - 3 : 0;
            take = take > room ? room : take;
            memcpy(lines[nl], p, take);
            memcpy(lines[nl] + take, "...", 4);
        } else {
            memcpy(lines[nl], p, take);
            lines[nl][take] = '\0';
        }
        nl++;
        p += take;
    }
    return nl;
}
