# SPDX-License-Identifier: MIT
# campath - one Makefile builds the library, the tools, the editor, the
# examples, the tests and the benchmarks.
#
#   make            libraries, campath, campath-editor, examples (into build/)
#   make test       installs the missing Debian packages it needs (as root),
#                   builds, runs every unit test and end-to-end script, then
#                   all of them again under AddressSanitizer + UBSan, the fuzz
#                   corpora under clang with make fuzz's sanitizers, a clang
#                   warning build, and the checks of the amalgamation, the
#                   CMake package and the tarball (check-package)
#   make run        installs what the editor needs, then the editor on paths/demo.json
#   make bench      installs what the benchmarks need, then runs them (prints tables)
#   make fuzz       the JSON loader, glTF import, paths built and sampled, the link's messages,
#                   then the editor's paste, under libFuzzer (FUZZ_SECONDS each, default 600;
#                   an input may take a second)
#   make install    PREFIX=/usr/local DESTDIR= ; make uninstall mirrors it
#   make install-lib  the library alone: libraries, headers, campath.pc and the
#                   CMake package (no editor, so no SDL2 or assimp)
#   make amalgamation  build/amalgamation/campath.c and campath.h, the drop-in
#   make dist       build/campath-VERSION.tar.gz, which builds with make and with CMake
#   make figures, make doc-examples
#                   rewrite the plots of docs/math.md and the example outputs
#                   of docs/cli.md from what the tools make now
#   make deps       installs the Debian packages the tests need (deps-run,
#                   deps-test, deps-bench, deps-fuzz: what each target needs)
#   make clean

VERSION := $(shell sed -n 's/^\#define CAMPATH_VERSION "\(.*\)"/\1/p' include/campath/common.h)
# The soname follows the ABI (README, "Versions"): libcampath.so.MAJOR from
# 1.0 on; before 1.0 each minor release may break it, so the soname carries
# the minor number too (libcampath.so.0.2).
VERSION_MAJOR := $(word 1,$(subst ., ,$(VERSION)))
VERSION_MINOR := $(word 2,$(subst ., ,$(VERSION)))
SOVERSION := $(if $(filter 0,$(VERSION_MAJOR)),0.$(VERSION_MINOR),$(VERSION_MAJOR))

PREFIX      ?= /usr/local
exec_prefix ?= $(PREFIX)
bindir      ?= $(exec_prefix)/bin
libdir      ?= $(exec_prefix)/lib
includedir  ?= $(PREFIX)/include
pkgconfigdir ?= $(libdir)/pkgconfig
cmakedir    ?= $(libdir)/cmake/campath

BUILD ?= build
CC    ?= cc
OPT   ?= -O2 -g
WARNINGS := -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
            -Wpointer-arith -Wcast-qual -Wformat=2 -Wundef -Wvla
WERROR ?=
SANITIZE ?=
ifeq ($(SANITIZE),1)
  SANFLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
endif
# The sanitizers of `make fuzz`, and of the fuzz corpus replays in `make
# test` (check-replay): clang's UBSan checks more than gcc's (NULL + 0, for
# one), so the replays run with clang and these very flags.
FUZZ_SAN := -fsanitize=address,undefined -fno-sanitize-recover=all
CFLAGS   ?=
ALL_CFLAGS   = -std=c11 $(OPT) $(WARNINGS) $(WERROR) $(SANFLAGS) $(CFLAGS)
# the feature macros every file is compiled with (CMake and the amalgamation read them here)
FEATURES     := -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE
ALL_CPPFLAGS = -Iinclude $(FEATURES) $(CPPFLAGS)
ALL_LDFLAGS  = $(SANFLAGS) $(LDFLAGS)

PKG_CONFIG ?= pkg-config
CJSON_CFLAGS := $(shell $(PKG_CONFIG) --cflags libcjson 2>/dev/null)
CJSON_LIBS   := $(shell $(PKG_CONFIG) --libs libcjson 2>/dev/null || echo -lcjson)
SDL_CFLAGS   := $(shell $(PKG_CONFIG) --cflags sdl2 2>/dev/null)
SDL_LIBS     := $(shell $(PKG_CONFIG) --libs sdl2 2>/dev/null)
TTF_LIBS     := $(shell $(PKG_CONFIG) --libs SDL2_ttf 2>/dev/null)
# the editor plays and decodes the path's sound (WAV, OGG, MP3) with SDL2_mixer
MIXER_CFLAGS := $(shell $(PKG_CONFIG) --cflags SDL2_mixer 2>/dev/null)
MIXER_LIBS   := $(shell $(PKG_CONFIG) --libs SDL2_mixer 2>/dev/null || echo -lSDL2_mixer)
IMAGE_LIBS   := $(shell $(PKG_CONFIG) --libs SDL2_image 2>/dev/null || echo -lSDL2_image)
EPOXY_CFLAGS := $(shell $(PKG_CONFIG) --cflags epoxy 2>/dev/null)
EPOXY_LIBS   := $(shell $(PKG_CONFIG) --libs epoxy 2>/dev/null || echo -lepoxy)
ASSIMP_CFLAGS := $(shell $(PKG_CONFIG) --cflags assimp 2>/dev/null)
ASSIMP_LIBS  := $(shell $(PKG_CONFIG) --libs assimp 2>/dev/null || echo -lassimp)
CMOCKA_LIBS  := $(shell $(PKG_CONFIG) --libs cmocka 2>/dev/null || echo -lcmocka)
GSL_LIBS     := $(shell $(PKG_CONFIG) --libs gsl 2>/dev/null)
LIBS         := $(CJSON_LIBS) -lm

# Debian packages, by what needs them: `make run` installs DEB_run, `make
# test` DEB_test, `make bench` DEB_bench, `make fuzz` DEB_fuzz (each only what
# is missing; `make deps` is DEB_test, what CI runs). The editor needs
# OpenGL through libepoxy and Mesa's EGL and software renderer (also for its
# headless runs), assimp for scenes (the editor's, and `campath import-scene`'s),
# SDL2_image for textures and screenshots, SDL2_mixer for the path's sound.
DEB_run      := build-essential pkg-config libcjson-dev libsdl2-dev libsdl2-ttf-dev libsdl2-image-dev libsdl2-mixer-dev fonts-dejavu-core \
                libepoxy-dev libassimp-dev libegl1 libegl-mesa0 libgl1-mesa-dri
# the Windows build and its tests (check-windows, and bench's Windows
# figures): MinGW-w64 (its gcc, ar and windres), Wine (64-bit only: its
# wine64 and wineserver, run from /usr/lib/wine, no display), dpkg-source
# to unpack Debian's sources of cJSON and cmocka, and their -dev packages,
# whose installed versions say which sources to fetch (apt-get source,
# through the apt that every Debian has)
DEB_windows  := gcc-mingw-w64-x86-64 wine64 dpkg-dev libcjson-dev libcmocka-dev
# cmocka for the unit tests, python3 for the SVG, pixel and layer checks,
# clang for the clang warning build, locales for the sources of the
# comma-decimal locale the number tests make (localedef), assimp's test models for a real
# building (docs/editor-images.sh), node and npm for the glTF validator and
# three.js checks (npm is asked for only where no npm command is there: a
# Node.js from elsewhere bundles its own, and Debian's npm would conflict),
# Blender (with the numpy its glTF importer needs) and Godot 3 for the checks
# that their importers play exported files as the path, Godot's editor on a
# virtual display (xvfb: Godot 3 opens a window on Linux even to import),
# cmake for the CMake package's checks (make check-cmake, check-dist),
# vorbis-tools (oggenc) and lame to make the OGG and MP3 files the editor's
# sound is tested with
NPM_PACKAGE  := $(if $(shell command -v npm 2>/dev/null),,npm)
DEB_test     := $(DEB_run) libcmocka-dev python3 clang locales assimp-testmodels nodejs $(NPM_PACKAGE) \
                blender python3-numpy godot3 xvfb cmake vorbis-tools lame $(DEB_windows)
# the benchmarks: GSL for the baselines, xvfb for the editor's window at rest (a virtual display),
# MinGW-w64 and Wine for the Windows build's figures beside the Linux ones (tests/bench/windows.sh)
DEB_bench    := $(DEB_run) libgsl-dev python3 assimp-testmodels xvfb $(DEB_windows)
DEB_fuzz     := $(DEB_run) clang libclang-rt-dev
DEB_all      := $(sort $(DEB_test) $(DEB_bench) $(DEB_fuzz))

# ---- sources -------------------------------------------------------------------

# The library's layers, bottom to top. A layer's files are compiled with the
# include paths of its own folder and of the layers below it only, so an
# upward #include does not compile; tests/e2e/layers.sh checks the symbols
# too. The math layer is header-only (include/campath/math.h).
LAYERS       := base curve path json reload record gltf link
INC_base     := -Ilib/base
INC_curve    := $(INC_base) -Ilib/curve
INC_path     := $(INC_curve) -Ilib/path
INC_json     := $(INC_path) -Ilib/json
INC_reload   := $(INC_json) -Ilib/reload
INC_record   := $(INC_reload) -Ilib/record
INC_gltf     := $(INC_record) -Ilib/gltf
INC_link     := $(INC_gltf) -Ilib/link
# the glTF layer parses glTF documents with cJSON; no other layer may
CFLAGS_gltf  := $(CJSON_CFLAGS)
layer_of      = $(firstword $(subst /, ,$(1)))

LIB_SRC      := $(foreach l,$(LAYERS),$(wildcard lib/$(l)/*.c))
LIB_HDR      := $(wildcard include/campath/*.h lib/*/*.h)
LIB_OBJ      := $(LIB_SRC:%.c=$(BUILD)/%.o)
LIB_PIC_OBJ  := $(LIB_SRC:%.c=$(BUILD)/pic/%.o)
STATIC_LIB   := $(BUILD)/libcampath.a
SHARED_LIB   := $(BUILD)/libcampath.so.$(VERSION)

# The editor: editor/core is its SDL-free logic (compiled without SDL's
# include path, so SDL cannot creep in; the editor tests link it alone),
# editor/sdl its SDL2 front end, editor/cli the campath tool.
EDITOR_CORE_CPPFLAGS := -Ieditor/core
# the core imports scenes with assimp (not SDL or GL) on a thread of its own,
# and reads a glTF's JSON with cJSON first (editor/core/scan.c: the scene's budget)
EDITOR_CORE_LIBS := $(ASSIMP_LIBS) -lpthread
EDITOR_CORE_SRC := $(wildcard editor/core/*.c)
EDITOR_SDL_SRC  := $(wildcard editor/sdl/*.c)
EDITOR_CORE_OBJ := $(EDITOR_CORE_SRC:%.c=$(BUILD)/%.o)
EDITOR_SDL_OBJ  := $(EDITOR_SDL_SRC:%.c=$(BUILD)/%.o)
EDITOR_BIN      := $(if $(EDITOR_SDL_SRC),$(BUILD)/campath-editor)

CLI_SRC  := $(wildcard editor/cli/*.c)
CLI_OBJ  := $(CLI_SRC:%.c=$(BUILD)/%.o)
CLI_BIN  := $(if $(CLI_SRC),$(BUILD)/campath)
# the editor's scene guards that `campath import-scene` reads through (editor/cli/scene.c)
CLI_CORE_OBJ := $(BUILD)/editor/core/scan.o $(BUILD)/editor/core/import_io.o $(BUILD)/editor/core/os.o

EXAMPLE_SRC := $(wildcard docs/examples/*.c)
EXAMPLE_BIN := $(EXAMPLE_SRC:docs/examples/%.c=$(BUILD)/examples/%)

UNIT_SRC  := $(wildcard tests/unit/test_*.c)
UNIT_BIN  := $(UNIT_SRC:tests/unit/%.c=$(BUILD)/tests/%)
EDTEST_SRC := $(wildcard tests/editor/test_*.c)
EDTEST_BIN := $(EDTEST_SRC:tests/editor/%.c=$(BUILD)/tests/editor_%)
TESTUTIL_SRC := $(filter-out $(UNIT_SRC),$(wildcard tests/unit/*.c))
TESTUTIL_OBJ := $(TESTUTIL_SRC:%.c=$(BUILD)/%.o)

BENCH_SRC := $(wildcard tests/bench/*.c)
BENCH_BIN := $(BENCH_SRC:tests/bench/%.c=$(BUILD)/bench/%)
BENCH_SCRIPTS := $(sort $(wildcard tests/bench/*.sh))

E2E_SCRIPTS := $(sort $(wildcard tests/e2e/*.sh))

.PHONY: all lib test check check-build check-run check-asan check-clang check-no-int128 check-replay e2e run run-editor \
        bench bench-run fuzz fuzz-build install install-lib uninstall deps deps-run deps-test deps-bench deps-fuzz \
        deps-all clean

all: lib $(CLI_BIN) $(EDITOR_BIN) $(EXAMPLE_BIN)

lib: $(STATIC_LIB) $(SHARED_LIB)

# ---- compiling -------------------------------------------------------------------

# $* is LAYER/NAME: the layer picks the include paths.
$(BUILD)/lib/%.o: lib/%.c $(LIB_HDR)
	@mkdir -p $(@D)
	$(CC) $(ALL_CPPFLAGS) $(INC_$(call layer_of,$*)) $(CFLAGS_$(call layer_of,$*)) $(ALL_CFLAGS) -c $< -o $@

$(BUILD)/pic/lib/%.o: lib/%.c $(LIB_HDR)
	@mkdir -p $(@D)
	$(CC) $(ALL_CPPFLAGS) $(INC_$(call layer_of,$*)) $(CFLAGS_$(call layer_of,$*)) $(ALL_CFLAGS) -fPIC \
	    -fvisibility=hidden -c $< -o $@

$(BUILD)/editor/core/%.o: editor/core/%.c $(wildcard include/campath/*.h editor/core/*.h)
	@mkdir -p $(@D)
	$(CC) $(ALL_CPPFLAGS) $(EDITOR_CORE_CPPFLAGS) $(ASSIMP_CFLAGS) $(CJSON_CFLAGS) $(ALL_CFLAGS) -c $< -o $@

$(BUILD)/editor/sdl/%.o: editor/sdl/%.c $(wildcard include/campath/*.h editor/core/*.h editor/sdl/*.h)
	@mkdir -p $(@D)
	$(CC) $(ALL_CPPFLAGS) $(EDITOR_CORE_CPPFLAGS) -Ieditor/sdl $(SDL_CFLAGS) $(MIXER_CFLAGS) $(EPOXY_CFLAGS) $(ASSIMP_CFLAGS) $(ALL_CFLAGS) -c $< -o $@

$(BUILD)/editor/cli/%.o: editor/cli/%.c $(wildcard include/campath/*.h editor/cli/*.h)
	@mkdir -p $(@D)
	$(CC) $(ALL_CPPFLAGS) -Ieditor/cli $(ALL_CFLAGS) -c $< -o $@

# import-scene reads scenes with assimp behind the editor's own scene guards
# (editor/core: scan, import_io, os); elsewhere (Windows, CMake) scene.c and
# scene_anim.c compile without CAMPATH_WITH_ASSIMP and the command says it is
# not there
$(BUILD)/editor/cli/scene.o $(BUILD)/editor/cli/scene_anim.o: $(BUILD)/editor/cli/%.o: editor/cli/%.c \
        $(wildcard include/campath/*.h editor/cli/*.h editor/core/*.h)
	@mkdir -p $(@D)
	$(CC) $(ALL_CPPFLAGS) -Ieditor/cli -Ieditor/core -DCAMPATH_WITH_ASSIMP=1 $(ASSIMP_CFLAGS) $(ALL_CFLAGS) -c $< -o $@

$(BUILD)/tests/unit/%.o: tests/unit/%.c $(wildcard include/campath/*.h tests/unit/*.h)
	@mkdir -p $(@D)
	$(CC) $(ALL_CPPFLAGS) $(ALL_CFLAGS) -c $< -o $@

$(BUILD)/lib $(BUILD)/tests/unit $(BUILD)/examples $(BUILD)/bench:
	mkdir -p $@

# ---- libraries and programs ---------------------------------------------------------

$(STATIC_LIB): $(LIB_OBJ)
	rm -f $@
	$(AR) rcs $@ $^

$(SHARED_LIB): $(LIB_PIC_OBJ)
	$(CC) -shared -Wl,-soname,libcampath.so.$(SOVERSION) $(ALL_LDFLAGS) -o $@ $^ $(LIBS)
	ln -sf libcampath.so.$(VERSION) $(BUILD)/libcampath.so.$(SOVERSION)
	ln -sf libcampath.so.$(SOVERSION) $(BUILD)/libcampath.so

$(CLI_BIN): $(CLI_OBJ) $(CLI_CORE_OBJ) $(STATIC_LIB)
	$(CC) $(ALL_LDFLAGS) -o $@ $(CLI_OBJ) $(CLI_CORE_OBJ) $(STATIC_LIB) $(ASSIMP_LIBS) -lpthread $(LIBS)

$(EDITOR_BIN): $(EDITOR_CORE_OBJ) $(EDITOR_SDL_OBJ) $(STATIC_LIB)
	$(CC) $(ALL_LDFLAGS) -o $@ $(EDITOR_CORE_OBJ) $(EDITOR_SDL_OBJ) $(STATIC_LIB) $(IMAGE_LIBS) $(TTF_LIBS) $(MIXER_LIBS) $(SDL_LIBS) \
	    $(EPOXY_LIBS) $(EDITOR_CORE_LIBS) $(LIBS)

$(BUILD)/examples/%: docs/examples/%.c $(STATIC_LIB) | $(BUILD)/examples
	$(CC) $(ALL_CPPFLAGS) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $< $(STATIC_LIB) $(LIBS)

# The recorder and linked examples are SDL2 game loops.
$(BUILD)/examples/recorder $(BUILD)/examples/linked: $(BUILD)/examples/%: docs/examples/%.c $(STATIC_LIB) | $(BUILD)/examples
	$(CC) $(ALL_CPPFLAGS) $(SDL_CFLAGS) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $< $(STATIC_LIB) $(SDL_LIBS) $(LIBS)

# ---- tests ------------------------------------------------------------------------------

$(BUILD)/tests/test_%: tests/unit/test_%.c $(TESTUTIL_OBJ) $(STATIC_LIB) $(wildcard tests/unit/*.h) | $(BUILD)/tests/unit
	$(CC) $(ALL_CPPFLAGS) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $< $(TESTUTIL_OBJ) $(STATIC_LIB) $(CMOCKA_LIBS) $(LIBS)

$(BUILD)/tests/editor_test_%: tests/editor/test_%.c $(EDITOR_CORE_OBJ) $(TESTUTIL_OBJ) $(STATIC_LIB) $(wildcard tests/editor/*.h editor/core/*.h tests/unit/*.h) | $(BUILD)/tests/unit
	$(CC) $(ALL_CPPFLAGS) $(EDITOR_CORE_CPPFLAGS) -Itests/unit $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $< $(EDITOR_CORE_OBJ) \
	    $(TESTUTIL_OBJ) $(STATIC_LIB) $(CMOCKA_LIBS) $(EDITOR_CORE_LIBS) $(LIBS)

# The allocation-failure test refuses each allocation in turn through the
# allocator it gives campath's options; it also sets cJSON's hooks, so it
# includes cJSON's header.
$(BUILD)/tests/test_alloc: tests/unit/test_alloc.c $(TESTUTIL_OBJ) $(STATIC_LIB) $(wildcard tests/unit/*.h) | $(BUILD)/tests/unit
	$(CC) $(ALL_CPPFLAGS) $(CJSON_CFLAGS) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $< $(TESTUTIL_OBJ) $(STATIC_LIB) \
	    $(CMOCKA_LIBS) $(LIBS)

# The glTF corpus replay calls the fuzz target itself.
$(BUILD)/tests/test_gltf_corpus: tests/unit/test_gltf_corpus.c tests/fuzz/fuzz_gltf.c $(TESTUTIL_OBJ) $(STATIC_LIB) \
        $(wildcard tests/unit/*.h) | $(BUILD)/tests/unit
	$(CC) $(ALL_CPPFLAGS) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $< tests/fuzz/fuzz_gltf.c $(TESTUTIL_OBJ) $(STATIC_LIB) \
	    $(CMOCKA_LIBS) $(LIBS)

# The link's corpus replay calls its fuzz target too.
$(BUILD)/tests/test_link_corpus: tests/unit/test_link_corpus.c tests/fuzz/fuzz_link.c $(TESTUTIL_OBJ) $(STATIC_LIB) \
        $(wildcard tests/unit/*.h) | $(BUILD)/tests/unit
	$(CC) $(ALL_CPPFLAGS) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $< tests/fuzz/fuzz_link.c $(TESTUTIL_OBJ) $(STATIC_LIB) \
	    $(CMOCKA_LIBS) $(LIBS)

# The path corpus replay calls its fuzz target itself.
$(BUILD)/tests/test_path_corpus: tests/unit/test_path_corpus.c tests/fuzz/fuzz_path.c $(TESTUTIL_OBJ) $(STATIC_LIB) \
        $(wildcard tests/unit/*.h) | $(BUILD)/tests/unit
	$(CC) $(ALL_CPPFLAGS) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $< tests/fuzz/fuzz_path.c $(TESTUTIL_OBJ) $(STATIC_LIB) \
	    $(CMOCKA_LIBS) $(LIBS)

# The paste corpus replay calls the paste fuzz target itself.
$(BUILD)/tests/editor_test_clip_corpus: tests/editor/test_clip_corpus.c tests/fuzz/fuzz_clip.c $(EDITOR_CORE_OBJ) \
        $(TESTUTIL_OBJ) $(STATIC_LIB) $(wildcard tests/editor/*.h editor/core/*.h tests/unit/*.h) | $(BUILD)/tests/unit
	$(CC) $(ALL_CPPFLAGS) $(EDITOR_CORE_CPPFLAGS) -Itests/unit $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $< tests/fuzz/fuzz_clip.c \
	    $(EDITOR_CORE_OBJ) $(TESTUTIL_OBJ) $(STATIC_LIB) $(CMOCKA_LIBS) $(EDITOR_CORE_LIBS) $(LIBS)

# `make test` is the README's test command: dependencies, then everything.
test: deps-test
	$(MAKE) --no-print-directory check

check: check-build check-run check-asan check-clang check-no-int128 check-replay e2e check-windows
	@echo "all tests passed"

check-build:
	$(MAKE) --no-print-directory all $(UNIT_BIN) $(EDTEST_BIN) WERROR=-Werror

# Each test program runs from the project root; cmocka prints one line per test.
check-run: check-build $(BUILD)/locale/de_DE.UTF-8/LC_NUMERIC
	@set -e; for t in $(UNIT_BIN) $(EDTEST_BIN); do echo "== $$t"; \
	    CP_BUILD=$(BUILD) LOCPATH=$(abspath $(BUILD)/locale) $$t; done

# A comma-decimal locale for the tests that numbers do not depend on the
# locale, made in the build folder (no root needed; LOCPATH points there).
$(BUILD)/locale/de_DE.UTF-8/LC_NUMERIC:
	@mkdir -p $(BUILD)/locale
	localedef -i de_DE -f UTF-8 $(BUILD)/locale/de_DE.UTF-8

# The number conversions once more with the portable 128-bit arithmetic of
# targets without unsigned __int128 (lib/base/u128.h), forced here; the
# object must not call the compiler's 128-bit division, or the fallback was
# not compiled.
check-no-int128: $(BUILD)/locale/de_DE.UTF-8/LC_NUMERIC
	$(MAKE) --no-print-directory BUILD=$(BUILD)/no-int128 CPPFLAGS=-DCPI_NO_INT128 WERROR=-Werror \
	    $(BUILD)/no-int128/tests/test_numbers
	@if nm $(BUILD)/no-int128/lib/json/json_number.o | grep -q '__udivmodti4\|__udivti3\|__umodti3'; then \
	    echo "CPI_NO_INT128 did not take effect: json_number.o uses 128-bit division"; exit 1; fi
	CP_BUILD=$(BUILD)/no-int128 LOCPATH=$(abspath $(BUILD)/locale) $(BUILD)/no-int128/tests/test_numbers

# The unit tests, the tool and the editor's scripts (the end-to-end scripts)
# again under AddressSanitizer (leaks included) and UBSan.
check-asan:
	$(MAKE) --no-print-directory BUILD=$(BUILD)/asan SANITIZE=1 OPT="-O1 -g" check-run e2e
	@echo "sanitizer run clean"

# The fuzz corpora replayed through clang with the sanitizers of `make fuzz`
# (FUZZ_SAN), so that what would stop the fuzzer fails here first.
REPLAY_TESTS := test_corpus test_gltf_corpus test_path_corpus test_link_corpus editor_test_clip_corpus
check-replay: $(BUILD)/locale/de_DE.UTF-8/LC_NUMERIC
	@command -v clang >/dev/null || { echo "clang is not installed (make deps-test installs it)"; exit 1; }
	$(MAKE) --no-print-directory BUILD=$(BUILD)/replay CC=clang OPT="-O1 -g" SANFLAGS="$(FUZZ_SAN)" WERROR=-Werror \
	    $(REPLAY_TESTS:%=$(BUILD)/replay/tests/%)
	@set -e; for t in $(REPLAY_TESTS); do echo "== $(BUILD)/replay/tests/$$t"; \
	    UBSAN_OPTIONS=print_stacktrace=1 CP_BUILD=$(BUILD)/replay LOCPATH=$(abspath $(BUILD)/locale) \
	    $(BUILD)/replay/tests/$$t; done

# Warnings are errors with clang too (compile only).
check-clang:
	@command -v clang >/dev/null || { echo "clang is not installed (make deps-test installs it)"; exit 1; }
	$(MAKE) --no-print-directory BUILD=$(BUILD)/clang CC=clang WERROR=-Werror all $(UNIT_BIN) $(EDTEST_BIN)

# The scripts compile programs against $(BUILD)'s library: under the
# sanitizers they link with the same flags (CC carries them).
# The editor is run with Mesa's driver preloaded (tests/tools/editor_env.sh says why).
ifeq ($(SANITIZE),1)
  EDITOR_PRELOAD = $(shell $(CC) -print-file-name=libasan.so) /usr/lib/$(shell $(CC) -print-multiarch)/dri/swrast_dri.so
endif
e2e: check-build
	@set -e; for s in $(E2E_SCRIPTS); do echo "== $$s"; \
	    BUILD=$(BUILD) CC="$(CC) $(SANFLAGS)" CAMPATH_EDITOR_PRELOAD="$(EDITOR_PRELOAD)" sh $$s; done

# Regenerates the plots in docs/images that docs/math.md shows, and the
# picture of the live link (the editor and the example game side by side).
.PHONY: figures
figures: $(CLI_BIN) $(EDITOR_BIN) $(BUILD)/examples/linked
	BUILD=$(BUILD) FIGURES_OUT=docs/images sh tests/e2e/figures.sh

# Writes what the tool prints now into the example sessions of the docs
# (docs/cli.md), which tests/e2e/doc_examples.sh holds them to.
.PHONY: doc-examples
doc-examples: $(CLI_BIN)
	python3 tests/tools/doc_examples.py --update $(BUILD) README.md docs/*.md

# ---- Windows: cross-built with MinGW-w64, run under Wine --------------------------------------

# `make check-windows` (part of `make check`) builds the library, the
# campath tool and the unit tests for 64-bit Windows with Debian's
# MinGW-w64 and runs them under Wine, headless, in $(WIN). cJSON and
# cmocka for Windows are built there from Debian's own source packages of
# the versions installed here (tests/windows/debsrc.sh fetches them with
# apt-get source). test_files.c is POSIX's (FIFOs, sockets, devices, owner
# and mode bits, chains of links); tests/windows/test_windows_files.c
# checks what Windows has instead. The editor is a Linux program, and the
# live link (lib/link, test_link*.c) is not in the Windows build yet.
WIN          := $(BUILD)/windows
WIN_DEPS     := $(WIN)/deps
MINGW_PREFIX ?= x86_64-w64-mingw32-
WIN_CC       := $(MINGW_PREFIX)gcc
WIN_AR       := $(MINGW_PREFIX)ar
WIN_WINDRES  := $(MINGW_PREFIX)windres
WINE         ?= $(firstword $(wildcard /usr/lib/wine/wine64) wine64)
WINESERVER   ?= $(firstword $(wildcard /usr/lib/wine/wineserver) wineserver)
# the C99 printf of MinGW-w64 (%zu), static cJSON (no dllimport), the
# headers of cJSON and cmocka as system headers (as they are on Linux)
WIN_CPPFLAGS := -Iinclude -D__USE_MINGW_ANSI_STDIO=1 -DCJSON_HIDE_SYMBOLS -isystem $(WIN_DEPS)/include
WIN_CFLAGS   := -std=c11 -O2 $(WARNINGS) -Werror
# the tests use a few POSIX names MinGW-w64 has too (strdup, dirent);
# cmocka.h marks print_error with the old msvcrt printf's format, while the
# tests print through MinGW-w64's C99 one (which knows %zu)
WIN_TEST_CFLAGS := $(WIN_CFLAGS) -D_POSIX_C_SOURCE=200809L -Wno-format
WIN_LIB      := $(WIN)/libcampath.a
# the live link's sockets (lib/base/net.c) are POSIX's: the link layer is
# not in the Windows build until net.c has a Winsock side
WIN_LIB_SRC  := $(filter-out lib/base/net.c lib/link/%,$(LIB_SRC))
WIN_LIB_OBJ  := $(WIN_LIB_SRC:lib/%.c=$(WIN)/lib/%.o)
WIN_CLI      := $(WIN)/campath.exe
WIN_CLI_OBJ  := $(CLI_SRC:editor/cli/%.c=$(WIN)/cli/%.o)
WIN_CJSON    := $(WIN_DEPS)/lib/libcjson.a
WIN_CMOCKA   := $(WIN_DEPS)/lib/libcmocka.a
WIN_POSIX_TESTS := test_files test_link test_link_corpus
WIN_UNIT_BIN := $(patsubst %,$(WIN)/tests/%.exe,$(filter-out $(WIN_POSIX_TESTS),$(UNIT_SRC:tests/unit/%.c=%)) \
                $(notdir $(basename $(wildcard tests/windows/test_*.c))))
WIN_TESTUTIL_OBJ := $(TESTUTIL_SRC:tests/unit/%.c=$(WIN)/tests/%.o)
WIN_HOLD     := $(WIN)/tests/hold.exe
# Wine: its own prefix in the build folder, made on first use; no debug
# output; no display (console programs need none); no Mono or Gecko
# (nothing here needs .NET or HTML)
WINE_ENV     := env -u DISPLAY -u WAYLAND_DISPLAY WINEPREFIX=$(abspath $(WIN)/wineprefix) WINEDEBUG=-all \
                WINEDLLOVERRIDES="mscoree,mshtml="

.PHONY: check-windows windows windows-run

check-windows: windows $(CLI_BIN)
	@$(MAKE) --no-print-directory windows-run

windows: $(WIN_LIB) $(WIN_CLI) $(WIN_UNIT_BIN) $(WIN_HOLD)

# One wineserver for the whole run (-p: it stays between programs): started
# afresh for each one, a program could meet the last one's server on its way
# out and fail with "recvmsg: Connection reset by peer".
windows-run: $(WIN)/wineprefix/.made
	@set -e; trap '$(WINE_ENV) $(WINESERVER) -k 2>/dev/null || true' EXIT; \
	$(WINE_ENV) $(WINESERVER) -p; \
	for t in $(WIN_UNIT_BIN); do echo "== $$t (Wine)"; $(WINE_ENV) $(WINE) $$t; done; \
	echo "== tests/windows/cli.sh (Wine)"; \
	BUILD=$(BUILD) WIN=$(WIN) WINE="$(WINE)" WINEPREFIX=$(abspath $(WIN)/wineprefix) sh tests/windows/cli.sh
	@echo "Windows build: every test passed under Wine"

# A fresh prefix takes a few seconds and some messages (kept in a log).
$(WIN)/wineprefix/.made:
	@command -v $(WINE) >/dev/null || { echo "Wine is not installed (make deps-test installs wine64)"; exit 1; }
	@mkdir -p $(WIN)
	@$(WINE_ENV) $(WINE) wineboot --init > $(WIN)/wineboot.log 2>&1 || { cat $(WIN)/wineboot.log; exit 1; }
	@$(WINE_ENV) $(WINESERVER) -w
	@touch $@

$(WIN)/lib/%.o: lib/%.c $(LIB_HDR) $(WIN_CJSON)
	@mkdir -p $(@D)
	$(WIN_CC) $(WIN_CPPFLAGS) $(INC_$(call layer_of,$*)) $(WIN_CFLAGS) -c $< -o $@

$(WIN_LIB): $(WIN_LIB_OBJ)
	rm -f $@
	$(WIN_AR) rcs $@ $^

$(WIN)/cli/%.o: editor/cli/%.c $(wildcard include/campath/*.h editor/cli/*.h)
	@mkdir -p $(@D)
	$(WIN_CC) $(WIN_CPPFLAGS) -Ieditor/cli $(WIN_CFLAGS) -c $< -o $@

# the manifest makes its arguments UTF-8, as the library's file names are
$(WIN)/cli/campath.res.o: editor/cli/campath.rc editor/cli/campath.manifest
	@mkdir -p $(@D)
	$(WIN_WINDRES) -I editor/cli -O coff -o $@ $<

$(WIN_CLI): $(WIN_CLI_OBJ) $(WIN)/cli/campath.res.o $(WIN_LIB) $(WIN_CJSON)
	$(WIN_CC) -o $@ $(WIN_CLI_OBJ) $(WIN)/cli/campath.res.o $(WIN_LIB) $(WIN_CJSON)

$(WIN)/tests/%.o: tests/unit/%.c $(wildcard include/campath/*.h tests/unit/*.h) $(WIN_CMOCKA)
	@mkdir -p $(@D)
	$(WIN_CC) $(WIN_CPPFLAGS) $(WIN_TEST_CFLAGS) -c $< -o $@

WIN_TEST_LINK = $(WIN_TESTUTIL_OBJ) $(WIN_LIB) $(WIN_CMOCKA) $(WIN_CJSON)
$(WIN)/tests/%.exe: tests/unit/%.c $(WIN_TESTUTIL_OBJ) $(WIN_LIB) $(WIN_CMOCKA) $(wildcard tests/unit/*.h)
	$(WIN_CC) $(WIN_CPPFLAGS) $(WIN_TEST_CFLAGS) -o $@ $< $(WIN_TEST_LINK)

$(WIN)/tests/%.exe: tests/windows/%.c $(WIN_TESTUTIL_OBJ) $(WIN_LIB) $(WIN_CMOCKA) $(wildcard tests/unit/*.h)
	$(WIN_CC) $(WIN_CPPFLAGS) -Itests/unit $(WIN_TEST_CFLAGS) -o $@ $< $(WIN_TEST_LINK)

$(WIN)/tests/test_gltf_corpus.exe: tests/unit/test_gltf_corpus.c tests/fuzz/fuzz_gltf.c $(WIN_TESTUTIL_OBJ) $(WIN_LIB) \
        $(WIN_CMOCKA) $(wildcard tests/unit/*.h)
	$(WIN_CC) $(WIN_CPPFLAGS) $(WIN_TEST_CFLAGS) -o $@ $< tests/fuzz/fuzz_gltf.c $(WIN_TEST_LINK)

$(WIN)/tests/test_path_corpus.exe: tests/unit/test_path_corpus.c tests/fuzz/fuzz_path.c $(WIN_TESTUTIL_OBJ) $(WIN_LIB) \
        $(WIN_CMOCKA) $(wildcard tests/unit/*.h)
	$(WIN_CC) $(WIN_CPPFLAGS) $(WIN_TEST_CFLAGS) -o $@ $< tests/fuzz/fuzz_path.c $(WIN_TEST_LINK)

# the benchmark both builds run (tests/bench/windows.sh, part of `make bench`)
WIN_BENCH := $(WIN)/bench/bench_platform.exe
$(WIN_BENCH): tests/bench/bench_platform.c $(WIN_LIB) $(WIN_CJSON)
	@mkdir -p $(@D)
	$(WIN_CC) $(WIN_CPPFLAGS) $(WIN_CFLAGS) -O3 -march=native -o $@ $< $(WIN_LIB) $(WIN_CJSON)

# holds a file open the way many Windows programs do, for the CLI's save check
$(WIN_HOLD): tests/windows/hold.c
	@mkdir -p $(@D)
	$(WIN_CC) $(WIN_CFLAGS) -o $@ $<

# cJSON and cmocka for Windows, from Debian's source packages of the
# versions installed here; each is one C file. cmocka's build would make a
# config.h with CMake: its few settings for MinGW-w64 are given here.
$(WIN_CJSON):
	@command -v $(WIN_CC) >/dev/null || { echo "MinGW-w64 is not installed (make deps-test installs gcc-mingw-w64-x86-64)"; exit 1; }
	sh tests/windows/debsrc.sh libcjson-dev $(WIN_DEPS)/src/cjson
	@mkdir -p $(WIN_DEPS)/lib $(WIN_DEPS)/include/cjson $(WIN_DEPS)/obj
	cp $(WIN_DEPS)/src/cjson/cJSON.h $(WIN_DEPS)/include/cjson/
	$(WIN_CC) -std=c89 -O2 -DCJSON_HIDE_SYMBOLS -c $(WIN_DEPS)/src/cjson/cJSON.c -o $(WIN_DEPS)/obj/cJSON.o
	$(WIN_AR) rcs $@ $(WIN_DEPS)/obj/cJSON.o

# (after cJSON: the two share apt's lists, which one apt-get uses at a time)
$(WIN_CMOCKA): | $(WIN_CJSON)
	sh tests/windows/debsrc.sh libcmocka-dev $(WIN_DEPS)/src/cmocka
	@mkdir -p $(WIN_DEPS)/lib $(WIN_DEPS)/include $(WIN_DEPS)/obj
	cp $(WIN_DEPS)/src/cmocka/include/cmocka.h $(WIN_DEPS)/include/
	$(WIN_CC) -std=gnu11 -O2 -DHAVE_MALLOC_H -DHAVE_INTTYPES_H -DHAVE_SIGNAL_H -DHAVE_STRUCT_TIMESPEC \
	    -DHAVE_GCC_THREAD_LOCAL_STORAGE -I$(WIN_DEPS)/src/cmocka/include -c $(WIN_DEPS)/src/cmocka/src/cmocka.c \
	    -o $(WIN_DEPS)/obj/cmocka.o
	$(WIN_AR) rcs $@ $(WIN_DEPS)/obj/cmocka.o

# ---- running, benchmarks, fuzzing ---------------------------------------------------------

run: deps-run
	$(MAKE) --no-print-directory run-editor

run-editor: all
	$(BUILD)/campath-editor paths/demo.json

$(BUILD)/bench/%: tests/bench/%.c $(STATIC_LIB) | $(BUILD)/bench
	$(CC) $(ALL_CPPFLAGS) $(ALL_CFLAGS) -O3 -march=native $(ALL_LDFLAGS) -o $@ $< $(STATIC_LIB) $(GSL_LIBS) $(LIBS)

# The link's benchmark measures through the editor's own update step: it links editor/core.
$(BUILD)/bench/bench_link: tests/bench/bench_link.c $(EDITOR_CORE_OBJ) $(STATIC_LIB) | $(BUILD)/bench
	$(CC) $(ALL_CPPFLAGS) $(EDITOR_CORE_CPPFLAGS) $(ALL_CFLAGS) -O3 -march=native $(ALL_LDFLAGS) -o $@ $< \
	    $(EDITOR_CORE_OBJ) $(STATIC_LIB) $(EDITOR_CORE_LIBS) $(LIBS)

bench: deps-bench
	$(MAKE) --no-print-directory bench-run

bench-run: $(BENCH_BIN) $(CLI_BIN) $(EDITOR_BIN) $(WIN_BENCH) $(WIN)/wineprefix/.made
	@for b in $(BENCH_BIN); do echo "== $$b"; $$b || exit 1; done
	@for s in $(BENCH_SCRIPTS); do echo "== $$s"; BUILD=$(BUILD) sh $$s || exit 1; done

# Each target runs FUZZ_SECONDS and stops at the first finding, UBSan's
# included, or at an input that takes over FUZZ_TIMEOUT seconds.
# fuzz_clip pastes through the editor's core, built for it with the same flags.
FUZZ_SECONDS ?= 600
FUZZ_TIMEOUT := 1
FUZZ_TARGETS := fuzz_load fuzz_gltf fuzz_path fuzz_link
FUZZ_CORE_OBJ = $(patsubst $(BUILD)/%,$(BUILD)/fuzz/%,$(EDITOR_CORE_OBJ))
fuzz-build: deps-fuzz
	$(MAKE) --no-print-directory BUILD=$(BUILD)/fuzz CC=clang OPT="-O1 -g" \
	    SANFLAGS="-fsanitize=fuzzer-no-link $(FUZZ_SAN)" $(BUILD)/fuzz/libcampath.a $(FUZZ_CORE_OBJ)
	mkdir -p $(BUILD)/fuzz/bin
	for t in $(FUZZ_TARGETS); do \
	    clang $(ALL_CPPFLAGS) -O1 -g -fsanitize=fuzzer $(FUZZ_SAN) -o $(BUILD)/fuzz/bin/$$t \
	        tests/fuzz/$$t.c $(BUILD)/fuzz/libcampath.a $(LIBS) || exit 1; \
	done
	clang $(ALL_CPPFLAGS) $(EDITOR_CORE_CPPFLAGS) -O1 -g -fsanitize=fuzzer $(FUZZ_SAN) -o $(BUILD)/fuzz/bin/fuzz_clip \
	    tests/fuzz/fuzz_clip.c $(FUZZ_CORE_OBJ) $(BUILD)/fuzz/libcampath.a $(EDITOR_CORE_LIBS) $(LIBS)

fuzz: fuzz-build
	mkdir -p $(BUILD)/fuzz/corpus $(BUILD)/fuzz/corpus_gltf $(BUILD)/fuzz/corpus_path
	$(BUILD)/fuzz/bin/fuzz_load -max_total_time=$(FUZZ_SECONDS) -timeout=$(FUZZ_TIMEOUT) -max_len=65536 \
	    -dict=tests/fuzz/json.dict -artifact_prefix=$(BUILD)/fuzz/ $(BUILD)/fuzz/corpus tests/fuzz/corpus
	$(BUILD)/fuzz/bin/fuzz_gltf -max_total_time=$(FUZZ_SECONDS) -timeout=$(FUZZ_TIMEOUT) -max_len=65536 \
	    -dict=tests/fuzz/gltf.dict -artifact_prefix=$(BUILD)/fuzz/gltf- $(BUILD)/fuzz/corpus_gltf tests/fuzz/corpus_gltf
	$(BUILD)/fuzz/bin/fuzz_path -max_total_time=$(FUZZ_SECONDS) -timeout=$(FUZZ_TIMEOUT) -max_len=4096 \
	    -dict=tests/fuzz/path.dict -artifact_prefix=$(BUILD)/fuzz/path- $(BUILD)/fuzz/corpus_path tests/fuzz/corpus_path
	mkdir -p $(BUILD)/fuzz/corpus_link
	$(BUILD)/fuzz/bin/fuzz_link -max_total_time=$(FUZZ_SECONDS) -timeout=$(FUZZ_TIMEOUT) -max_len=65536 \
	    -dict=tests/fuzz/link.dict -artifact_prefix=$(BUILD)/fuzz/link- $(BUILD)/fuzz/corpus_link tests/fuzz/corpus_link
	mkdir -p $(BUILD)/fuzz/corpus_clip
	$(BUILD)/fuzz/bin/fuzz_clip -max_total_time=$(FUZZ_SECONDS) -timeout=$(FUZZ_TIMEOUT) -max_len=65536 \
	    -dict=tests/fuzz/json.dict -artifact_prefix=$(BUILD)/fuzz/clip- $(BUILD)/fuzz/corpus_clip tests/fuzz/corpus_clip

# `make print-VAR` prints a variable (tests/e2e/layers.sh reads the layers' include paths).
print-%:
	@echo '$($*)'

# ---- install --------------------------------------------------------------------------------

# `make install-lib` installs what game code builds against, from `make lib`
# alone (no editor, so neither SDL2 nor assimp is needed): the libraries,
# the headers, campath.pc and the CMake package (find_package(campath)),
# whose files CMake's own install writes from the same templates.
# campathConfig.cmake finds the rest from its own folder, so the headers'
# place is written into it relative to that folder.
CMAKE_TO_INCLUDEDIR = $(shell realpath -m --relative-to=$(cmakedir) $(includedir))
SIZEOF_VOID_P = $(shell echo __SIZEOF_POINTER__ | $(CC) -E -P -x c - 2>/dev/null | tail -n 1)
install-lib: lib
	install -d $(DESTDIR)$(libdir) $(DESTDIR)$(includedir)/campath $(DESTDIR)$(pkgconfigdir) $(DESTDIR)$(cmakedir)
	install -m 644 $(STATIC_LIB) $(DESTDIR)$(libdir)/
	install -m 755 $(SHARED_LIB) $(DESTDIR)$(libdir)/
	ln -sf libcampath.so.$(VERSION) $(DESTDIR)$(libdir)/libcampath.so.$(SOVERSION)
	ln -sf libcampath.so.$(SOVERSION) $(DESTDIR)$(libdir)/libcampath.so
	install -m 644 include/campath/*.h $(DESTDIR)$(includedir)/campath/
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(libdir)|' -e 's|@INCLUDEDIR@|$(includedir)|' \
	    -e 's|@VERSION@|$(VERSION)|' lib/campath.pc.in > $(DESTDIR)$(pkgconfigdir)/campath.pc
	for f in campathConfig campathConfigVersion; do \
	    sed -e 's|@VERSION@|$(VERSION)|g' -e 's|@SOVERSION@|$(SOVERSION)|g' -e 's|@SIZEOF_VOID_P@|$(SIZEOF_VOID_P)|g' \
	        -e 's|@CMAKE_TO_INCLUDEDIR@|$(CMAKE_TO_INCLUDEDIR)|g' lib/$$f.cmake.in > $(DESTDIR)$(cmakedir)/$$f.cmake || exit 1; \
	done
	chmod 644 $(DESTDIR)$(pkgconfigdir)/campath.pc $(DESTDIR)$(cmakedir)/*.cmake
	@# a new shared library in a system folder is found only once the loader's cache knows it
	@if [ -z "$(DESTDIR)" ] && [ "$$(id -u)" = 0 ] && command -v ldconfig >/dev/null; then ldconfig; fi

install: all install-lib
	install -d $(DESTDIR)$(bindir)
	$(if $(CLI_BIN),install -m 755 $(CLI_BIN) $(DESTDIR)$(bindir)/)
	$(if $(EDITOR_BIN),install -m 755 $(EDITOR_BIN) $(DESTDIR)$(bindir)/)

uninstall:
	rm -f $(DESTDIR)$(libdir)/libcampath.a $(DESTDIR)$(libdir)/libcampath.so \
	      $(DESTDIR)$(libdir)/libcampath.so.$(SOVERSION) $(DESTDIR)$(libdir)/libcampath.so.$(VERSION)
	rm -rf $(DESTDIR)$(includedir)/campath $(DESTDIR)$(cmakedir)
	rm -f $(DESTDIR)$(pkgconfigdir)/campath.pc $(DESTDIR)$(bindir)/campath $(DESTDIR)$(bindir)/campath-editor

# ---- the other ways in: the amalgamation, CMake, the tarball -------------------------------

.PHONY: amalgamation dist check-package check-amalgamation check-cmake check-dist FORCE

# `make check` runs these too (after the rest; each says what it proves)
check: check-package
check-package: check-amalgamation check-cmake check-dist

# `make amalgamation`: the library as one C file and one header, written by
# tools/amalgamate.py from LIB_SRC (every lib/<layer>/*.c, in layer order)
# with the feature macros above. Made again when a source changes or the
# list does (kept in a file that is rewritten only when it changes).
AMALGAMATION := $(BUILD)/amalgamation
amalgamation: $(AMALGAMATION)/campath.c

$(AMALGAMATION)/sources: FORCE
	@mkdir -p $(@D)
	@echo '$(LIB_SRC) $(FEATURES)' | cmp -s - $@ || echo '$(LIB_SRC) $(FEATURES)' > $@

$(AMALGAMATION)/campath.c: tools/amalgamate.py $(LIB_SRC) $(LIB_HDR) $(AMALGAMATION)/sources
	python3 tools/amalgamate.py --out $(@D) $(patsubst -D%,--define=%,$(FEATURES)) $(LIB_SRC)

# compiled as a game would drop it in: alone, with the warnings the README names
$(AMALGAMATION)/campath.o: $(AMALGAMATION)/campath.c
	$(CC) -std=c11 $(OPT) -Wall -Wextra -pedantic -Werror $(SANFLAGS) $(CJSON_CFLAGS) -c $< -o $@

# The amalgamation tested as the library is: every unit test, compiled
# against its header (include/campath/X.h stand-ins that include it) and
# linked with it in place of libcampath.a, by the same rules as
# check-build; then tests/package/amalgamation.sh (gcc and clang, MinGW
# once this tree builds for Windows, only the public API external, up to
# date with LIB_SRC, the README's drop-in use, the generator's self-test).
AMALGAMATED := $(BUILD)/amalgamated
AMALGAMATED_TESTS := $(UNIT_SRC:tests/unit/%.c=$(AMALGAMATED)/tests/%)
check-amalgamation: $(AMALGAMATION)/campath.o $(BUILD)/locale/de_DE.UTF-8/LC_NUMERIC
	@mkdir -p $(AMALGAMATION)/include/campath
	@for h in include/campath/*.h; do echo '#include "../../campath.h"' > $(AMALGAMATION)/$$h; done
	$(MAKE) --no-print-directory BUILD=$(AMALGAMATED) LIB_OBJ=$(AMALGAMATION)/campath.o WERROR=-Werror \
	    ALL_CPPFLAGS="-I$(AMALGAMATION)/include $(FEATURES)" $(AMALGAMATED_TESTS)
	@set -e; for t in $(AMALGAMATED_TESTS); do echo "== $$t"; \
	    CP_BUILD=$(BUILD) LOCPATH=$(abspath $(BUILD)/locale) $$t; done
	BUILD=$(BUILD) CC="$(CC)" sh tests/package/amalgamation.sh

# CMake against the Makefile: the same sources with the same include paths
# and macros; its install and `make install` each serve a CMake project
# (find_package) that builds and runs the README's example, as does
# add_subdirectory (tests/package/cmake.sh).
check-cmake: all
	BUILD=$(BUILD) CC="$(CC)" sh tests/package/cmake.sh

# `make dist`: campath-VERSION.tar.gz in $(BUILD): the files git tracks as
# they are in the working tree (a tracked file deleted and not `git rm`-ed
# stops it), or outside a git checkout (an unpacked tarball) every file but
# the build's, under campath-VERSION/, with owner and order fixed (and in a
# checkout the last commit's time), so that the same tree gives the same bytes.
DIST := $(BUILD)/campath-$(VERSION).tar.gz
dist:
	@mkdir -p $(BUILD)
	@if [ "$$(git rev-parse --show-toplevel 2>/dev/null)" = "$(CURDIR)" ]; then \
	    git ls-files -z --deduplicate > $(BUILD)/dist-files; \
	    echo "--mtime=@$$(git log -1 --format=%ct 2>/dev/null || echo 0)" > $(BUILD)/dist-mtime; \
	else \
	    find . -type f ! -path './$(BUILD)/*' ! -name '*.tar.gz' -printf '%P\0' > $(BUILD)/dist-files; \
	    : > $(BUILD)/dist-mtime; \
	fi
	tar --create --format=gnu --sort=name --owner=0 --group=0 --numeric-owner $$(cat $(BUILD)/dist-mtime) \
	    --transform 's,^,campath-$(VERSION)/,' --null --files-from=$(BUILD)/dist-files | gzip -9n > $(DIST).tmp
	mv $(DIST).tmp $(DIST)
	rm -f $(BUILD)/dist-files $(BUILD)/dist-mtime
	@echo "dist: $(DIST)"

# The tarball on a machine that has nothing else: unpacked outside the
# tree, built with make and with CMake (and taken in by FetchContent), each
# build run; `make install-lib` from it with the editor's sources made
# uncompilable and SDL2 and assimp hidden (tests/package/dist.sh).
check-dist: dist
	BUILD=$(BUILD) DIST=$(DIST) CC="$(CC)" sh tests/package/dist.sh

FORCE:

# ---- dependencies -----------------------------------------------------------------------------

# Installs what is missing when run as root (non-interactive); otherwise
# prints the exact command, as root and from the account (su, which every
# Debian has, or sudo where it is installed), and fails. deps-run,
# deps-test, deps-bench, deps-fuzz install what one target needs, deps-all
# what every target does. tests/e2e/deps.sh runs it as another user.
deps: deps-test

deps-run deps-test deps-bench deps-fuzz deps-all:
	@missing=""; for p in $(DEB_$(patsubst deps-%,%,$@)); do \
	    dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'install ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	    install="apt-get update && apt-get install -y --no-install-recommends$$missing"; \
	    if [ "$$(id -u)" = 0 ]; then \
	        echo "installing:$$missing"; \
	        export DEBIAN_FRONTEND=noninteractive; \
	        apt-get update -q && apt-get install -y -q --no-install-recommends $$missing; \
	    else \
	        echo "missing Debian packages:$$missing"; \
	        echo "install them as root:  $$install"; \
	        echo "or from this account:  su -c '$$install'"; \
	        if command -v sudo >/dev/null 2>&1; then echo "or with sudo:          sudo sh -c '$$install'"; fi; \
	        exit 1; \
	    fi; \
	fi

clean:
	rm -rf $(BUILD)
