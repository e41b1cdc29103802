/* SPDX-License-Identifier: MIT */
/* editor/cli/svg.c - a small SVG 1.1 writer for the plots. */
#include "svg.h"

/* Length of the valid UTF-8 sequence at s, or 0 (XML text must be well-formed UTF-8). */
static int utf8_length(const unsigned char *s)
{
    int n = s[0] < 0x80 ? 1 : (s[0] & 0xE0) == 0xC0 ? 2 : (s[0] & 0xF0) == 0xE0 ? 3 : (s[0] & 0xF8) == 0xF0 ? 4 : 0;
    if (n == 2 && s[0] < 0xC2)
        return 0;
    for (int i = 1; i < n; i++)
        if ((s[i] & 0xC0) != 0x80)
            return 0;
    return n;
}

void svg_escape(FILE *f, const char *s)
{
    for (; *s; s++) {
        if ((unsigned char)*s >= 0x80) {
            int n = utf8_length((const unsigned char *)s);
            if (n == 0) {
                fputc('?', f);
            } else {
                fwrite(s, 1, (size_t)n, f);
                s += n - 1;
            }
            continue;
        }
        switch (*s) {
        case '&': fputs("&amp;", f); break;
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '"': fputs("&quot;", f); break;
        case '\'': fputs("&apos;", f); break;
        default:
            /* control characters other than tab and newline are not allowed in XML 1.0 */
            if ((unsigned char)*s >= 0x20 || *s == '\t' || *s == '\n')
                fputc(*s, f);
            break;
        }
    }
}

void svg_begin(FILE *f, double width, double height, const char *css)
{
    fprintf(f,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%.0f\" height=\"%.0f\" "
            "viewBox=\"0 0 %.0f %.0f\">\n",
            width, height, width, height);
    if (css) {
        fputs("<style>\n", f);
        svg_escape(f, css);
        fputs("\n</style>\n", f);
    }
    fprintf(f, "<rect x=\"0\" y=\"0\" width=\"%.0f\" height=\"%.0f\" fill=\"white\"/>\n", width, height);
}

int svg_end(FILE *f)
{
    fputs("</svg>\n", f);
    return ferror(f) ? -1 : 0;
}

static void class_attr(FILE *f, const char *cls)
{
    if (cls) {
        fputs(" class=\"", f);
        svg_escape(f, cls);
        fputc('"', f);
    }
}

void svg_group_begin(FILE *f, const char *cls, const char *id)
{
    fputs("<g", f);
    class_attr(f, cls);
    if (id) {
        fputs(" id=\"", f);
        svg_escape(f, id);
        fputc('"', f);
    }
    fputs(">\n", f);
}

void svg_group_end(FILE *f) { fputs("</g>\n", f); }

void svg_line(FILE *f, double x1, double y1, double x2, double y2, const char *cls)
{
    fprintf(f, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\"", x1, y1, x2, y2);
    class_attr(f, cls);
    fputs("/>\n", f);
}

void svg_rect(FILE *f, double x, double y, double w, double h, const char *cls)
{
    fprintf(f, "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\"", x, y, w, h);
    class_attr(f, cls);
    fputs("/>\n", f);
}

void svg_text(FILE *f, double x, double y, const char *anchor, double rotate, const char *cls, const char *text)
{
    fprintf(f, "<text x=\"%.2f\" y=\"%.2f\" text-anchor=\"%s\"", x, y, anchor);
    if (rotate != 0)
        fprintf(f, " transform=\"rotate(%.1f %.2f %.2f)\"", rotate, x, y);
    class_attr(f, cls);
    fputc('>', f);
    svg_escape(f, text);
    fputs("</text>\n", f);
}

void svg_polyline(FILE *f, const svg_point *points, size_t n, const char *cls)
{
    fputs("<polyline", f);
    class_attr(f, cls);
    fputs(" points=\"", f);
    for (size_t i = 0; i < n; i++)
        fprintf(f, "%s%.2f,%.2f", i ? (i % 8 ? " " : "\n") : "", points[i].x, points[i].y);
    fputs("\"/>\n", f);
}
