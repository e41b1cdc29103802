/* SPDX-License-Identifier: MIT */
/* editor/core/view.c - projection and clipping against the near plane and a guard band. */
#include "view.h"

#include <math.h>

void ed_view_init(ed_view *v, cp_vec3 eye, cp_quat rotation, double fov, double x, double y, double w, double h)
{
    cp_quat q = cp_quat_normalize(rotation);
    /* the rows of the world->camera matrix are the camera's axes in the world */
    cp_vec3 right = cp_quat_rotate(q, cp_vec3_make(1, 0, 0));
    cp_vec3 up = cp_quat_rotate(q, cp_vec3_make(0, 1, 0));
    cp_vec3 back = cp_quat_rotate(q, cp_vec3_make(0, 0, 1));
    v->eye = eye;
    v->m[0][0] = right.x, v->m[0][1] = right.y, v->m[0][2] = right.z;
    v->m[1][0] = up.x, v->m[1][1] = up.y, v->m[1][2] = up.z;
    v->m[2][0] = back.x, v->m[2][1] = back.y, v->m[2][2] = back.z;
    if (!(fov > 0.1 && fov < 179.0))
        fov = fov > 90 ? 179.0 : 0.1;
    if (w < 1)
        w = 1;
    if (h < 1)
        h = 1;
    v->x = x, v->y = y, v->w = w, v->h = h;
    v->cx = x + 0.5 * w;
    v->cy = y + 0.5 * h;
    v->focal = 0.5 * h / tan(0.5 * fov * M_PI / 180.0);
    v->gx = ED_VIEW_GUARD * 0.5 * w / v->focal;
    v->gy = ED_VIEW_GUARD * 0.5 * h / v->focal;
}

void ed_view_matrix(const ed_view *v, double near, double far, float out[16])
{
    /* P * V, with V = [m | -m eye] and P the usual perspective for focal lengths in pixels */
    double px = 2.0 * v->focal / v->w, py = 2.0 * v->focal / v->h;
    double pz = -(far + near) / (far - near), pw = -2.0 * far * near / (far - near);
    double t[3];
    for (int r = 0; r < 3; r++)
        t[r] = -(v->m[r][0] * v->eye.x + v->m[r][1] * v->eye.y + v->m[r][2] * v->eye.z);
    double rows[4][4];
    for (int c = 0; c < 3; c++) {
        rows[0][c] = px * v->m[0][c];
        rows[1][c] = py * v->m[1][c];
        rows[2][c] = pz * v->m[2][c];
        rows[3][c] = -v->m[2][c];
    }
    rows[0][3] = px * t[0];
    rows[1][3] = py * t[1];
    rows[2][3] = pz * t[2] + pw;
    rows[3][3] = -t[2];
    for (int r = 0; r < 4; r++)
        for (int c = 0; c < 4; c++)
            out[4 * c + r] = (float)rows[r][c];
}

/* The five plane functions, each >= 0 inside. */
static void planes(const ed_view *v, cp_vec3 c, double f[5])
{
    double d = -c.z;
    f[0] = d - ED_VIEW_NEAR;
    f[1] = v->gx * d + c.x;
    f[2] = v->gx * d - c.x;
    f[3] = v->gy * d + c.y;
    f[4] = v->gy * d - c.y;
}

unsigned ed_view_outcode(const ed_view *v, cp_vec3 c)
{
    double f[5];
    planes(v, c, f);
    unsigned code = 0;
    for (int i = 0; i < 5; i++)
        if (f[i] < 0)
            code |= 1u << i;
    return code;
}

int ed_view_project(const ed_view *v, cp_vec3 c, float *sx, float *sy)
{
    double d = -c.z;
    if (!(d >= ED_VIEW_NEAR))
        return 0;
    double k = v->focal / d;
    *sx = (float)(v->cx + c.x * k);
    *sy = (float)(v->cy - c.y * k);
    return 1;
}

int ed_view_clip_segment(const ed_view *v, cp_vec3 a, cp_vec3 b, float out[4])
{
    double fa[5], fb[5], t0 = 0.0, t1 = 1.0;
    planes(v, a, fa);
    planes(v, b, fb);
    for (int i = 0; i < 5; i++) {
        if (fa[i] < 0 && fb[i] < 0)
            return 0;
        if (fa[i] < 0)
            t0 = fmax(t0, fa[i] / (fa[i] - fb[i]));
        else if (fb[i] < 0)
            t1 = fmin(t1, fa[i] / (fa[i] - fb[i]));
    }
    if (t0 > t1)
        return 0;
    cp_vec3 p = cp_vec3_lerp(a, b, t0), q = cp_vec3_lerp(a, b, t1);
    /* rounding can leave a clipped end a hair behind the near plane */
    if (-p.z < ED_VIEW_NEAR)
        p.z = -ED_VIEW_NEAR;
    if (-q.z < ED_VIEW_NEAR)
        q.z = -ED_VIEW_NEAR;
    ed_view_project(v, p, &out[0], &out[1]);
    ed_view_project(v, q, &out[2], &out[3]);
    return 1;
}

int ed_view_clip_polygon(const ed_view *v, const cp_vec3 *c, int n, float *xy)
{
    cp_vec3 buf[2][ED_VIEW_MAX_POLY];
    double f[ED_VIEW_MAX_POLY][5];
    if (n < 3 || n > 8)
        return 0;
    int cnt = n, cur = 0;
    unsigned all_in = 1;
    for (int i = 0; i < n; i++) {
        buf[0][i] = c[i];
        planes(v, c[i], f[i]);
        for (int k = 0; k < 5; k++)
            if (f[i][k] < 0)
                all_in = 0;
    }
    if (!all_in) {
        for (int k = 0; k < 5 && cnt >= 3; k++) {
            int out = 0;
            const cp_vec3 *src = buf[cur];
            cp_vec3 *dst = buf[cur ^ 1];
            double fk[ED_VIEW_MAX_POLY];
            for (int i = 0; i < cnt; i++) {
                double ff[5];
                planes(v, src[i], ff);
                fk[i] = ff[k];
            }
            for (int i = 0; i < cnt && out < ED_VIEW_MAX_POLY - 1; i++) {
                int j = (i + 1) % cnt;
                if (fk[i] >= 0)
                    dst[out++] = src[i];
                if ((fk[i] >= 0) != (fk[j] >= 0))
                    dst[out++] = cp_vec3_lerp(src[i], src[j], fk[i] / (fk[i] - fk[j]));
            }
            cnt = out;
            cur ^= 1;
        }
        if (cnt < 3)
            return 0;
    }
    for (int i = 0; i < cnt; i++) {
        cp_vec3 p = buf[cur][i];
        if (-p.z < ED_VIEW_NEAR)
            p.z = -ED_VIEW_NEAR;
        ed_view_project(v, p, &xy[2 * i], &xy[2 * i + 1]);
    }
    return cnt;
}

long ed_view_pick(const ed_view *v, const cp_key *keys, size_t count, double px, double py, double radius)
{
    long best = -1;
    double best_d2 = radius * radius;
    for (size_t i = 0; i < count; i++) {
        cp_vec3 c = ed_view_to_camera(v, keys[i].position);
        float sx, sy;
        if (!ed_view_project(v, c, &sx, &sy))
            continue;
        double dx = sx - px, dy = sy - py, d2 = dx * dx + dy * dy;
        if (d2 <= best_d2) {
            best_d2 = d2;
            best = (long)i;
        }
    }
    return best;
}

int ed_view_pick_rect(const ed_view *v, const cp_key *keys, size_t count, double x0, double y0, double x1, double y1,
                      int add, ed_sel *sel)
{
    double lx = fmin(x0, x1), hx = fmax(x0, x1), ly = fmin(y0, y1), hy = fmax(y0, y1);
    if (!add || sel->n != count)
        ed_sel_reset(sel, count);
    for (size_t i = 0; i < count; i++) {
        float sx, sy;
        if (ed_view_project(v, ed_view_to_camera(v, keys[i].position), &sx, &sy) && sx >= lx && sx <= hx && sy >= ly &&
            sy <= hy && ed_sel_set(sel, i, 1))
            return -1;
    }
    return 0;
}

cp_vec3 ed_view_ray(const ed_view *v, double px, double py)
{
    /* camera space (x right, y up, looking down -z), then back to the world with the transpose */
    double cx = (px - v->cx) / v->focal, cy = -(py - v->cy) / v->focal, cz = -1.0;
    cp_vec3 d = cp_vec3_make(v->m[0][0] * cx + v->m[1][0] * cy + v->m[2][0] * cz,
                             v->m[0][1] * cx + v->m[1][1] * cy + v->m[2][1] * cz,
                             v->m[0][2] * cx + v->m[1][2] * cy + v->m[2][2] * cz);
    return cp_vec3_normalize(d);
}
