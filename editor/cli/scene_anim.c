/* SPDX-License-Identifier: MIT */
/* editor/cli/scene_anim.c - transforms in doubles and assimp's rule for a
 * node's animation channel between and outside its keys. */
#ifdef CAMPATH_WITH_ASSIMP

#include "scene_anim.h"

#include <assimp/cimport.h>
#include <math.h>

cli_affine cli_affine_identity(void)
{
    cli_affine a = {{{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}}};
    return a;
}

static cli_affine affine_from_ai(const struct aiMatrix4x4 *b)
{
    cli_affine a = {{{b->a1, b->a2, b->a3, b->a4}, {b->b1, b->b2, b->b3, b->b4}, {b->c1, b->c2, b->c3, b->c4}}};
    return a;
}

cli_affine cli_affine_mul(const cli_affine *a, const cli_affine *b)
{
    cli_affine r;
    for (int i = 0; i < 3; i++) {
        for (int j = 0; j < 4; j++)
            r.m[i][j] = a->m[i][0] * b->m[0][j] + a->m[i][1] * b->m[1][j] + a->m[i][2] * b->m[2][j];
        r.m[i][3] += a->m[i][3];
    }
    return r;
}

/* translation * rotation * scaling: how assimp composes a channel's keys */
static cli_affine affine_trs(const double t[3], cp_quat q, const double s[3])
{
    double x = q.x, y = q.y, z = q.z, w = q.w;
    double r[3][3] = {
        {1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)},
        {2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)},
        {2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)},
    };
    cli_affine a;
    for (int i = 0; i < 3; i++) {
        for (int j = 0; j < 3; j++)
            a.m[i][j] = r[i][j] * s[j];
        a.m[i][3] = t[i];
    }
    return a;
}

cp_vec3 cli_affine_linear(const cli_affine *a, cp_vec3 v)
{
    return cp_vec3_make(a->m[0][0] * v.x + a->m[0][1] * v.y + a->m[0][2] * v.z,
                        a->m[1][0] * v.x + a->m[1][1] * v.y + a->m[1][2] * v.z,
                        a->m[2][0] * v.x + a->m[2][1] * v.y + a->m[2][2] * v.z);
}

/* The unit quaternion of a rotation matrix given by its columns (Shepperd's
 * method: the largest of the four squared components is taken from the
 * trace or a diagonal entry, the others from sums and differences). */
cp_quat cli_quat_from_columns(cp_vec3 c0, cp_vec3 c1, cp_vec3 c2)
{
    double m00 = c0.x, m10 = c0.y, m20 = c0.z, m01 = c1.x, m11 = c1.y, m21 = c1.z, m02 = c2.x, m12 = c2.y, m22 = c2.z;
    double tr = m00 + m11 + m22;
    cp_quat q;
    if (tr >= m00 && tr >= m11 && tr >= m22) {
        double s = 2 * sqrt(1 + tr);
        q = cp_quat_make((m21 - m12) / s, (m02 - m20) / s, (m10 - m01) / s, s / 4);
    } else if (m00 >= m11 && m00 >= m22) {
        double s = 2 * sqrt(1 + m00 - m11 - m22);
        q = cp_quat_make(s / 4, (m01 + m10) / s, (m02 + m20) / s, (m21 - m12) / s);
    } else if (m11 >= m22) {
        double s = 2 * sqrt(1 + m11 - m00 - m22);
        q = cp_quat_make((m01 + m10) / s, s / 4, (m12 + m21) / s, (m02 - m20) / s);
    } else {
        double s = 2 * sqrt(1 + m22 - m00 - m11);
        q = cp_quat_make((m02 + m20) / s, (m12 + m21) / s, s / 4, (m10 - m01) / s);
    }
    return cp_quat_normalize(q);
}

/* ---- sampling a channel: assimp's rule ------------------------------------------------------ */

/* The key i with k[i] <= t < k[i + 1] (keys checked increasing), for t inside the keys. */
#define SEGMENT(keys, n, t, i)                              \
    do {                                                    \
        size_t lo_ = 0, hi_ = (n) - 1;                      \
        while (hi_ - lo_ > 1) {                             \
            size_t mid_ = lo_ + (hi_ - lo_) / 2;            \
            if ((keys)[mid_].mTime <= (t))                  \
                lo_ = mid_;                                 \
            else                                            \
                hi_ = mid_;                                 \
        }                                                   \
        (i) = lo_;                                          \
    } while (0)

/* Linear between keys; outside them the nearest key. */
static void vector_at(const struct aiVectorKey *k, unsigned n, double t, double out[3])
{
    if (t <= k[0].mTime || n == 1) {
        out[0] = k[0].mValue.x, out[1] = k[0].mValue.y, out[2] = k[0].mValue.z;
        return;
    }
    if (t >= k[n - 1].mTime) {
        out[0] = k[n - 1].mValue.x, out[1] = k[n - 1].mValue.y, out[2] = k[n - 1].mValue.z;
        return;
    }
    size_t i;
    SEGMENT(k, n, t, i);
    double f = (t - k[i].mTime) / (k[i + 1].mTime - k[i].mTime);
    out[0] = k[i].mValue.x + f * ((double)k[i + 1].mValue.x - k[i].mValue.x);
    out[1] = k[i].mValue.y + f * ((double)k[i + 1].mValue.y - k[i].mValue.y);
    out[2] = k[i].mValue.z + f * ((double)k[i + 1].mValue.z - k[i].mValue.z);
}

static cp_quat quat_of(const struct aiQuaternion *q)
{
    return cp_quat_normalize(cp_quat_make(q->x, q->y, q->z, q->w));
}

/* Spherical linear (the shorter way round) between keys; outside them the nearest key. */
static cp_quat rotation_at(const struct aiQuatKey *k, unsigned n, double t)
{
    if (t <= k[0].mTime || n == 1)
        return quat_of(&k[0].mValue);
    if (t >= k[n - 1].mTime)
        return quat_of(&k[n - 1].mValue);
    size_t i;
    SEGMENT(k, n, t, i);
    double f = (t - k[i].mTime) / (k[i + 1].mTime - k[i].mTime);
    return cp_quat_slerp(quat_of(&k[i].mValue), quat_of(&k[i + 1].mValue), f);
}

/* A node's transform at `ticks`: its channel's keys, or its own transform. */
cli_affine cli_anim_local(const struct aiNode *node, const struct aiNodeAnim *ch, double ticks)
{
    if (!ch)
        return affine_from_ai(&node->mTransformation);
    /* a kind of key the channel lacks comes from the node's own transform */
    struct aiVector3D s0, p0;
    struct aiQuaternion q0;
    aiDecomposeMatrix(&node->mTransformation, &s0, &q0, &p0);
    double t[3] = {p0.x, p0.y, p0.z}, s[3] = {s0.x, s0.y, s0.z};
    cp_quat q = quat_of(&q0);
    if (ch->mNumPositionKeys)
        vector_at(ch->mPositionKeys, ch->mNumPositionKeys, ticks, t);
    if (ch->mNumRotationKeys)
        q = rotation_at(ch->mRotationKeys, ch->mNumRotationKeys, ticks);
    if (ch->mNumScalingKeys)
        vector_at(ch->mScalingKeys, ch->mNumScalingKeys, ticks, s);
    return affine_trs(t, q, s);
}

#else

/* built without assimp: nothing here (ISO C wants a declaration in every file) */
typedef int cli_scene_anim_unused;

#endif
