/* SPDX-License-Identifier: MIT */
/* editor/cli/svg.h - a small SVG 1.1 writer for the plots (no dependencies).
 *
 * Coordinates are in pixels from the top left. Text is escaped for XML, so
 * any file or path name can be shown. Every function writes at once to the
 * FILE given to svg_begin; check ferror() (or the result of svg_end) once at
 * the end. */
#ifndef CAMPATH_CLI_SVG_H
#define CAMPATH_CLI_SVG_H

#include <stddef.h>
#include <stdio.h>

typedef struct svg_point { double x, y; } svg_point;

/* The XML prolog, the <svg> element and a <style> block with `css`. */
void svg_begin(FILE *f, double width, double height, const char *css);
/* Closes the document; 0 if every write succeeded. */
int svg_end(FILE *f);

/* <g class="cls" id="id"> ... </g>; id may be NULL. */
void svg_group_begin(FILE *f, const char *cls, const char *id);
void svg_group_end(FILE *f);

void svg_line(FILE *f, double x1, double y1, double x2, double y2, const char *cls);
void svg_rect(FILE *f, double x, double y, double w, double h, const char *cls);
/* anchor: "start", "middle" or "end"; rotate: degrees about (x, y), 0 = none. */
void svg_text(FILE *f, double x, double y, const char *anchor, double rotate, const char *cls, const char *text);
/* One polyline through n points. */
void svg_polyline(FILE *f, const svg_point *points, size_t n, const char *cls);

/* Writes s with &, <, >, " and ' escaped. */
void svg_escape(FILE *f, const char *s);

#endif /* CAMPATH_CLI_SVG_H */
