/* SPDX-License-Identifier: MIT */
/* editor/sdl/args.c - campath-editor's command line: one table of options,
 * which both parses the arguments and prints --help. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "benchpath.h"
#include "host.h"
#include "script.h"

/* What an option's handler says. */
enum { GO_ON = 0, DONE = 1, BAD = 2 };

typedef struct option {
    const char *name;    /* "--scene" */
    const char *alias;   /* "-h", or NULL */
    const char *value;   /* what it takes ("SCENE"), or NULL for a flag */
    int (*take)(ed_args *o, const char *name, const char *value);   /* GO_ON, DONE or BAD (said why) */
    const char *help;    /* lines of the help, "\n" between them */
} option;

/* ---- reading values ----------------------------------------------------------------------------- */

static int number(const char *opt, const char *s, double lo, double hi, double *out)
{
    char *end;
    double v = strtod(s, &end);
    if (end == s || *end || !(v >= lo && v <= hi)) {
        fprintf(stderr, "campath-editor: %s %s: expected a number from %g to %g\n", opt, s, lo, hi);
        return BAD;
    }
    *out = v;
    return GO_ON;
}

static int take_size(ed_args *o, const char *name, const char *s)
{
    char *end;
    long a = strtol(s, &end, 10), b = 0;
    const char *p = end + 1;
    int ok = end != s && (*end == 'x' || *end == 'X');
    if (ok) {
        b = strtol(p, &end, 10);
        ok = end != p && !*end && a >= 16 && b >= 16 && a <= 8192 && b <= 8192;
    }
    if (!ok) {
        fprintf(stderr, "campath-editor: %s %s: expected WxH between 16x16 and 8192x8192\n", name, s);
        return BAD;
    }
    o->width = (int)a;
    o->height = (int)b;
    o->size_given = 1;
    return GO_ON;
}

/* "16:9", "2.39", "2.39:1": the width / height. */
static int take_aspect(ed_args *o, const char *name, const char *s)
{
    char *end;
    double a = strtod(s, &end), b = 1.0;
    int ok = end != s;
    if (ok && *end == ':') {
        const char *p = end + 1;
        b = strtod(p, &end);
        ok = end != p;
    }
    if (!ok || *end || !(a > 0) || !(b > 0) || !(a / b >= ED_ASPECT_MIN && a / b <= ED_ASPECT_MAX)) {
        fprintf(stderr, "campath-editor: %s %s: expected W:H or a ratio between %g and %g\n", name, s, ED_ASPECT_MIN,
                ED_ASPECT_MAX);
        return BAD;
    }
    o->aspect = a / b;
    return GO_ON;
}

static int take_bench_frames(ed_args *o, const char *name, const char *s)
{
    char *end;
    long n = strtol(s, &end, 10);
    if (end == s || *end || n < 1 || n > 1000000) {
        fprintf(stderr, "campath-editor: %s %s: expected a count from 1 to 1000000\n", name, s);
        return BAD;
    }
    o->bench_frames = n;
    return GO_ON;
}

static int take_script(ed_args *o, const char *name, const char *s) { (void)name; o->script = s; return GO_ON; }
static int take_screenshot(ed_args *o, const char *name, const char *s) { (void)name; o->screenshot = s; return GO_ON; }
static int take_scene(ed_args *o, const char *name, const char *s) { (void)name; o->scene = s; return GO_ON; }
static int take_render(ed_args *o, const char *name, const char *s) { (void)name; o->render_dir = s; return GO_ON; }
static int take_bench_load(ed_args *o, const char *name, const char *s) { (void)name; o->bench_load = s; return GO_ON; }
static int take_fps(ed_args *o, const char *name, const char *s) { return number(name, s, 0.01, 1000, &o->fps); }
static int take_scale(ed_args *o, const char *name, const char *s) { return number(name, s, 1e-6, 1e6, &o->import.scale); }

static int take_clearance(ed_args *o, const char *name, const char *s)
{
    return number(name, s, ED_CLEARANCE_MIN, ED_CLEARANCE_MAX, &o->clearance);
}

static int take_play(ed_args *o, const char *name, const char *s) { (void)name, (void)s; o->play = 1; return GO_ON; }

/* --link [PORT]: the port is optional (NULL when not given); 0 lets the system pick one. */
static int take_link(ed_args *o, const char *name, const char *s)
{
    o->link = 1;
    if (!s)
        return GO_ON;
    char *end;
    long port = strtol(s, &end, 10);
    if (end == s || *end || port < 0 || port > 65535) {
        fprintf(stderr, "campath-editor: %s %s: expected a port from 0 to 65535\n", name, s);
        return BAD;
    }
    o->link_port = port == 0 ? CP_LINK_ANY_PORT : (int)port;
    return GO_ON;
}

static int take_link_address(ed_args *o, const char *name, const char *s) { (void)name; o->link_address = s; return GO_ON; }
static int take_link_token(ed_args *o, const char *name, const char *s) { (void)name; o->link_token = s; return GO_ON; }
static int take_z_up(ed_args *o, const char *name, const char *s) { (void)name, (void)s; o->import.z_up = 1; return GO_ON; }

/* ---- what prints and stops ------------------------------------------------------------------------ */

static void usage(FILE *out);

static int take_help(ed_args *o, const char *name, const char *s)
{
    (void)o, (void)name, (void)s;
    usage(stdout);
    return DONE;
}

static int take_version(ed_args *o, const char *name, const char *s)
{
    (void)o, (void)name, (void)s;
    printf("campath-editor %s\n", CAMPATH_VERSION);
    return DONE;
}

static int take_print_bindings(ed_args *o, const char *name, const char *s)
{
    (void)o, (void)name, (void)s;
    char *md = ed_bindings_markdown();
    if (!md) {
        fprintf(stderr, "campath-editor: out of memory\n");
        return BAD;
    }
    fputs(md, stdout);
    free(md);
    return DONE;
}

static int take_print_commands(ed_args *o, const char *name, const char *s)
{
    (void)o, (void)name, (void)s;
    size_t n;
    const ed_script_command *c = ed_script_commands(&n);
    for (size_t k = 0; k < n; k++)
        printf("- `%s` - %s\n", c[k].usage, c[k].help);
    return DONE;
}

/* ---- the table ---------------------------------------------------------------------------------- */

#define STR_(x) #x
#define STR(x) STR_(x)

/* The modes first, then the options; --help prints them in this order. */
static const option modes[] = {
    {"--script", NULL, "SCRIPT", take_script,
     "run SCRIPT without a window (the script language is in docs/editor.md)"},
    {"--screenshot", NULL, "OUT", take_screenshot,
     "save what the editor shows (after the script, if any) as OUT.png, .jpg or .bmp, without a window"},
    {"--render-frames", NULL, "DIR", take_render,
     "the shot as DIR/frame_00000.png ..., one per 1/N s (--fps N, default 30),\n"
     "1280x720 unless --size, without a window"},
    {"--bench-frames", NULL, "N", take_bench_frames,
     "render N frames of a " STR(ED_BENCH_KEYS) "-key path (with --scene: over it), print frame times"},
    {"--bench-load", NULL, "SCENE", take_bench_load, "time loading SCENE against the importer alone"},
    {"--print-bindings", NULL, NULL, take_print_bindings, "the key bindings in Markdown"},
    {"--print-commands", NULL, NULL, take_print_commands, "the script commands in Markdown"},
    {"--help", "-h", NULL, take_help, "this text"},
    {"--version", NULL, NULL, take_version, "the version"},
};

static const option options[] = {
    {"--scene", NULL, "SCENE", take_scene,
     "fly through SCENE (glTF .gltf/.glb, OBJ, FBX, COLLADA... through assimp);\n"
     "saved in FILE's \"scene\" member"},
    {"--z-up", NULL, NULL, take_z_up, "the scene has +Z up (turned so that +Z becomes +Y)"},
    {"--scale", NULL, "S", take_scale, "metres per scene unit (default 1)"},
    {"--size", NULL, "WxH", take_size, "the window or image size"},
    {"--aspect", NULL, "A", take_aspect, "the output frame: W:H or a ratio (default 16:9)"},
    {"--clearance", NULL, "M", take_clearance,
     "warn where the camera comes closer than M metres to the scene (default 0.2)"},
    {"--fps", NULL, "N", take_fps, "frames per second of --render-frames (default 30)"},
    {"--play", NULL, NULL, take_play, "start playing the path as the window opens"},
    {"--link", NULL, "[PORT]", take_link,
     "listen for running games (docs/link.md) on 127.0.0.1:PORT (default " STR(CP_LINK_DEFAULT_PORT) ";\n"
     "0: a free port, printed); F6 does the same in the window"},
    {"--link-address", NULL, "ADDR", take_link_address,
     "with --link: listen on ADDR (0.0.0.0, ::, a LAN address) instead of loopback;\n"
     "games then need the token the editor makes and prints"},
    {"--link-token", NULL, "TOKEN", take_link_token, "with --link: the token games must give (also on loopback)"},
};

#define COUNT(a) (sizeof(a) / sizeof(a)[0])

static void print_table(FILE *out, const option *t, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        char head[64];
        snprintf(head, sizeof head, "%s%s%s%s%s", t[i].alias ? t[i].alias : "", t[i].alias ? ", " : "", t[i].name,
                 t[i].value ? " " : "", t[i].value ? t[i].value : "");
        /* the help's lines, the first beside the option, the others under it */
        const char *line = t[i].help;
        int first = 1;
        while (*line) {
            size_t len = strcspn(line, "\n");
            fprintf(out, "  %-22s %.*s\n", first ? head : "", (int)len, line);
            first = 0;
            line += len + (line[len] == '\n');
        }
    }
}

static void usage(FILE *out)
{
    fprintf(out, "usage: campath-editor [options] [FILE]    fly, record and edit FILE (default %s)\n"
                 "       campath-editor MODE [options] [FILE]\n"
                 "FILE is created by the first save if it does not exist. F1 in the editor lists every key.\n"
                 "modes:\n",
            ED_DEFAULT_FILE);
    print_table(out, modes, COUNT(modes));
    fprintf(out, "options:\n");
    print_table(out, options, COUNT(options));
}

static const option *find(const char *arg)
{
    for (size_t i = 0; i < COUNT(modes) + COUNT(options); i++) {
        const option *o = i < COUNT(modes) ? &modes[i] : &options[i - COUNT(modes)];
        if (strcmp(arg, o->name) == 0 || (o->alias && strcmp(arg, o->alias) == 0))
            return o;
    }
    return NULL;
}

/* The combinations that make no sense. GO_ON, or BAD (said why). */
static int check(const ed_args *o)
{
    if (o->play && (o->script || o->screenshot || o->render_dir || o->bench_frames || o->bench_load)) {
        fprintf(stderr, "campath-editor: --play is for the window (a script plays with play and play-to)\n");
        return BAD;
    }
    if ((o->link_address || o->link_token) && !o->link) {
        fprintf(stderr, "campath-editor: --link-address and --link-token go with --link\n");
        return BAD;
    }
    if (o->link && (o->render_dir || o->bench_frames || o->bench_load)) {
        fprintf(stderr, "campath-editor: --link is for the window and scripts\n");
        return BAD;
    }
    if (o->fps > 0 && !o->render_dir) {
        fprintf(stderr, "campath-editor: --fps goes with --render-frames DIR\n");
        return BAD;
    }
    if (o->render_dir && (o->script || o->screenshot || o->bench_frames)) {
        fprintf(stderr, "campath-editor: --render-frames takes no --script, --screenshot or --bench-frames\n");
        return BAD;
    }
    if ((o->bench_frames || o->bench_load) && (o->script || o->file)) {
        fprintf(stderr, "campath-editor: --bench-frames and --bench-load take no FILE or --script\n");
        return BAD;
    }
    return GO_ON;
}

int ed_args_parse(int argc, char **argv, ed_args *o)
{
    memset(o, 0, sizeof *o);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const option *opt = find(a);
        if (!opt && a[0] == '-' && a[1] != '\0') {
            fprintf(stderr, "campath-editor: unknown option '%s'\n", a);
            usage(stderr);
            return BAD;
        }
        if (!opt) {
            if (o->file) {
                fprintf(stderr, "campath-editor: one FILE at a time ('%s' and '%s')\n", o->file, a);
                return BAD;
            }
            o->file = a;
            continue;
        }
        /* an optional value ("[PORT]") is taken only when the next word is a number */
        const char *value = NULL;
        if (opt->value && opt->value[0] == '[') {
            if (i + 1 < argc && argv[i + 1][0] && strspn(argv[i + 1], "0123456789") == strlen(argv[i + 1]))
                value = argv[++i];
        } else if (opt->value) {
            if (i + 1 >= argc) {
                fprintf(stderr, "campath-editor: %s needs %s\n", opt->name, opt->value);
                return BAD;
            }
            value = argv[++i];
        }
        int rc = opt->take(o, a, value);
        if (rc != GO_ON)
            return rc;
    }
    return check(o);
}
