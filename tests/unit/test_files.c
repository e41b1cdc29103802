/* SPDX-License-Identifier: MIT */
/* tests/unit/test_files.c - saving next to what is already there: special
 * files are refused and left alone, symbolic links (chains, relative,
 * dangling) are written through and kept, an old file's owner, group and
 * permission bits are kept, and a failed first save says so. Everything is
 * made in a temporary folder: the real /dev is never touched. */
#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/un.h>
#include <unistd.h>

#include "testutil.h"

#define GOOD_DIR "tests/data/good"

static const char text[] = "{ \"saved\": true }\n";

static char *read_all(const char *file)
{
    FILE *f = fopen(file, "rb");
    if (!f)
        return NULL;
    char *s = calloc(1, 4096);
    size_t n = fread(s, 1, 4095, f);
    s[n] = '\0';
    fclose(f);
    return s;
}

static void assert_content(const char *file, const char *want)
{
    char *s = read_all(file);
    if (!s)
        fail_msg("%s cannot be read", file);
    assert_string_equal(s, want);
    free(s);
}

static void assert_link(const char *link, const char *target)
{
    struct stat st;
    char got[1024];
    assert_int_equal(lstat(link, &st), 0);
    if (!S_ISLNK(st.st_mode))
        fail_msg("%s is no longer a symbolic link", link);
    ssize_t n = readlink(link, got, sizeof got - 1);
    assert_true(n > 0);
    got[n] = '\0';
    assert_string_equal(got, target);
}

/* Does dir hold exactly the n entries named (no temporary file left behind)? */
static int only_entries(const char *dir, const char *const *names, int n)
{
    int count = 0;
    DIR *d = opendir(dir);
    struct dirent *e;
    while (d && (e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        int named = 0;
        for (int i = 0; i < n; i++)
            named |= strcmp(e->d_name, names[i]) == 0;
        if (!named)
            print_message("unexpected entry %s in %s\n", e->d_name, dir);
        count += named ? 1 : 1000;
    }
    if (d)
        closedir(d);
    return count == n;
}

/* Saving onto a FIFO, a socket or a device would replace it with a regular
 * file (as root, `retime -o /dev/null` did exactly that to /dev/null): each
 * is refused by name and stays what it was, also behind a link. */
static void files_should_refuse_fifos_sockets_and_devices(void **state)
{
    (void)state;
    char *dir = testutil_tempdir(), fifo[1024], sock[1024], dev[1024], link[1024];
    cp_error err;
    struct stat st;

    snprintf(fifo, sizeof fifo, "%s/out.fifo", dir);
    assert_int_equal(mkfifo(fifo, 0644), 0);
    assert_int_equal(cp_write_file_atomic(fifo, text, sizeof text - 1, &err), CP_ERR_IO);
    assert_non_null(strstr(err.message, "out.fifo: cannot save: it is a FIFO;"));
    assert_int_equal(lstat(fifo, &st), 0);
    assert_true(S_ISFIFO(st.st_mode));

    snprintf(link, sizeof link, "%s/stdout", dir); /* as /dev/stdout is a link to what fd 1 is */
    assert_int_equal(symlink("out.fifo", link), 0);
    assert_int_equal(cp_write_file_atomic(link, text, sizeof text - 1, &err), CP_ERR_IO);
    assert_non_null(strstr(err.message, "stdout: cannot save: it is a FIFO;"));
    assert_link(link, "out.fifo");

    snprintf(sock, sizeof sock, "%s/out.sock", dir);
    int fd = socket(AF_UNIX, SOCK_STREAM, 0);
    assert_true(fd >= 0);
    struct sockaddr_un addr = {.sun_family = AF_UNIX};
    assert_true(strlen(sock) < sizeof addr.sun_path);
    strcpy(addr.sun_path, sock);
    assert_int_equal(bind(fd, (struct sockaddr *)&addr, sizeof addr), 0);
    assert_int_equal(cp_write_file_atomic(sock, text, sizeof text - 1, &err), CP_ERR_IO);
    assert_non_null(strstr(err.message, "out.sock: cannot save: it is a socket;"));
    assert_int_equal(lstat(sock, &st), 0);
    assert_true(S_ISSOCK(st.st_mode));
    close(fd);

    snprintf(dev, sizeof dev, "%s/null", dir);
    if (geteuid() == 0) {
        /* a device node of our own, the same device as /dev/null */
        assert_int_equal(mknod(dev, S_IFCHR | 0666, makedev(1, 3)), 0);
        assert_int_equal(cp_write_file_atomic(dev, text, sizeof text - 1, &err), CP_ERR_IO);
        assert_non_null(strstr(err.message, "null: cannot save: it is a character device;"));
        assert_int_equal(lstat(dev, &st), 0);
        assert_true(S_ISCHR(st.st_mode));
        assert_int_equal(st.st_rdev, makedev(1, 3));
    } else {
        print_message("not root: no device node can be made here, FIFO and socket checked only\n");
    }
    const char *left[] = {"out.fifo", "stdout", "out.sock", "null"};
    assert_true(only_entries(dir, left, geteuid() == 0 ? 4 : 3));
    testutil_rmtree(dir);
    free(dir);
}

/* Through a chain of links, absolute and relative (relative to each link's
 * own folder), the file at the end is replaced and every link stays; a link
 * to a file not there yet creates it; a loop of links is refused. */
static void files_should_write_through_chains_of_links(void **state)
{
    (void)state;
    char *dir = testutil_tempdir(), sub[1024], real[1100], a[1100], b[1100], c[1100], abs_target[1100];
    cp_error err;
    snprintf(sub, sizeof sub, "%s/sub", dir);
    assert_int_equal(mkdir(sub, 0755), 0);
    snprintf(real, sizeof real, "%s/real.json", dir);
    assert_int_equal(testutil_write_file(real, "old"), 0);
    /* a.json -> sub/b.json (relative) -> c.json in sub (relative to sub) -> /abs/real.json */
    snprintf(a, sizeof a, "%s/a.json", dir);
    snprintf(b, sizeof b, "%s/b.json", sub);
    snprintf(c, sizeof c, "%s/c.json", sub);
    snprintf(abs_target, sizeof abs_target, "%s", real);
    assert_int_equal(symlink("sub/b.json", a), 0);
    assert_int_equal(symlink("c.json", b), 0);
    assert_int_equal(symlink(abs_target, c), 0);
    assert_int_equal(cp_write_file_atomic(a, text, sizeof text - 1, &err), CP_OK);
    assert_content(real, text);
    assert_link(a, "sub/b.json");
    assert_link(b, "c.json");
    assert_link(c, abs_target);
    const char *top[] = {"sub", "real.json", "a.json"}, *inner[] = {"b.json", "c.json"};
    assert_true(only_entries(dir, top, 3));
    assert_true(only_entries(sub, inner, 2));

    /* a dangling link: its target is created, the link stays */
    char dangling[1100], made[1100];
    snprintf(dangling, sizeof dangling, "%s/new-link.json", dir);
    snprintf(made, sizeof made, "%s/made.json", sub);
    assert_int_equal(symlink("sub/made.json", dangling), 0);
    assert_int_equal(cp_write_file_atomic(dangling, text, sizeof text - 1, &err), CP_OK);
    assert_link(dangling, "sub/made.json");
    assert_content(made, text);

    /* a loop */
    char l1[1024], l2[1024];
    snprintf(l1, sizeof l1, "%s/loop1", dir);
    snprintf(l2, sizeof l2, "%s/loop2", dir);
    assert_int_equal(symlink("loop2", l1), 0);
    assert_int_equal(symlink("loop1", l2), 0);
    assert_int_equal(cp_write_file_atomic(l1, text, sizeof text - 1, &err), CP_ERR_IO);
    assert_non_null(strstr(err.message, "loop1: cannot save: too many symbolic links"));
    assert_link(l1, "loop2");
    testutil_rmtree(dir);
    free(dir);
}

/* A save replaces the file with a new one: it must come back with the old
 * one's permission bits, owner and group. As root any owner can be given;
 * another user can give the group of one of their supplementary groups. */
static void files_should_keep_owner_group_and_mode(void **state)
{
    (void)state;
    char *dir = testutil_tempdir(), file[1024];
    cp_error err;
    struct stat st;
    snprintf(file, sizeof file, "%s/kept.json", dir);
    assert_int_equal(testutil_write_file(file, "old"), 0);
    assert_int_equal(chmod(file, 0604), 0);
    uid_t uid = geteuid();
    gid_t gid = getegid();
    if (geteuid() == 0) {
        uid = 1; /* daemon on Debian; any number will do */
        gid = 2;
    } else {
        gid_t groups[64];
        int n = getgroups(64, groups);
        for (int i = 0; i < n; i++)
            if (groups[i] != getegid())
                gid = groups[i];
        if (gid == getegid())
            print_message("one group only: the group is checked unchanged\n");
    }
    assert_int_equal(chown(file, uid, gid), 0);
    assert_int_equal(chmod(file, 0604), 0); /* chown may clear bits */
    assert_int_equal(cp_write_file_atomic(file, text, sizeof text - 1, &err), CP_OK);
    assert_content(file, text);
    assert_int_equal(stat(file, &st), 0);
    assert_int_equal(st.st_mode & 07777, 0604);
    assert_int_equal(st.st_uid, uid);
    assert_int_equal(st.st_gid, gid);
    testutil_rmtree(dir);
    free(dir);
}

/* A first save that fails leaves nothing behind and does not speak of an
 * old file that was never there. */
static void files_should_not_claim_an_old_file_on_a_first_save(void **state)
{
    (void)state;
    char *dir = testutil_tempdir(), file[1024], big[4096];
    cp_error err;
    memset(big, 'x', sizeof big);
    snprintf(file, sizeof file, "%s/first.json", dir);
    struct rlimit old_limit, small = {100, 100};
    getrlimit(RLIMIT_FSIZE, &old_limit);
    small.rlim_max = old_limit.rlim_max;
    void (*old_handler)(int) = signal(SIGXFSZ, SIG_IGN);
    assert_int_equal(setrlimit(RLIMIT_FSIZE, &small), 0);
    cp_status rc = cp_write_file_atomic(file, big, sizeof big, &err);
    setrlimit(RLIMIT_FSIZE, &old_limit);
    signal(SIGXFSZ, old_handler);
    assert_int_equal(rc, CP_ERR_IO);
    assert_non_null(strstr(err.message, "first.json: cannot write the file: file too large (no file was created)"));
    assert_null(strstr(err.message, "unchanged"));
    struct stat st;
    assert_int_equal(lstat(file, &st), -1);
    assert_true(only_entries(dir, NULL, 0));
    testutil_rmtree(dir);
    free(dir);
}

/* A new file, a file over an old one, through a link, and saves that fail:
 * the old file stays whole and no temporary file is left. */
static void files_should_save_paths_atomically(void **state)
{
    (void)state;
    cp_error err;
    char *dir = testutil_tempdir();
    char file[1024], link[1024], sub[1024];
    snprintf(file, sizeof file, "%s/path.json", dir);
    cp_path *p = cp_path_load(GOOD_DIR "/harbour_intro.json", &err);
    assert_non_null(p);

    /* a new file, then over an old one whose permission bits are kept */
    assert_int_equal(cp_path_save(p, file, &err), CP_OK);
    assert_int_equal(chmod(file, 0640), 0);
    assert_int_equal(cp_path_save(p, file, &err), CP_OK);
    struct stat st;
    assert_int_equal(stat(file, &st), 0);
    assert_int_equal(st.st_mode & 07777, 0640);
    const char *one[] = {"path.json"}, *three[] = {"path.json", "link.json", "folder.json"};
    assert_true(only_entries(dir, one, 1)); /* no temporary file left */
    char *got = read_all(file), *expect = cp_path_save_memory(p, NULL, &err);
    assert_string_equal(got, expect);
    free(got);

    /* through a symbolic link: the target changes, the link stays */
    snprintf(link, sizeof link, "%s/link.json", dir);
    assert_int_equal(symlink("path.json", link), 0);
    assert_int_equal(cp_path_save(p, link, &err), CP_OK);
    struct stat lst;
    assert_int_equal(lstat(link, &lst), 0);
    assert_true(S_ISLNK(lst.st_mode));

    /* failures leave the old file whole and no temporary file */
    assert_int_equal(cp_path_save(p, "/nonexistent-folder/x.json", &err), CP_ERR_IO);
    assert_string_equal(err.message, "/nonexistent-folder/x.json: cannot create a temporary file next to it: not "
                                     "found");
    snprintf(sub, sizeof sub, "%s/folder.json", dir);
    assert_int_equal(mkdir(sub, 0755), 0);
    assert_int_equal(cp_path_save(p, sub, &err), CP_ERR_IO);
    assert_non_null(strstr(err.message, "folder.json: cannot save: is a folder"));

    /* a write that fails half-way (the file size limit) */
    assert_int_equal(testutil_write_file(file, "old"), 0);
    struct rlimit old_limit, small = {100, 100};
    getrlimit(RLIMIT_FSIZE, &old_limit);
    small.rlim_max = old_limit.rlim_max;
    void (*old_handler)(int) = signal(SIGXFSZ, SIG_IGN);
    assert_int_equal(setrlimit(RLIMIT_FSIZE, &small), 0);
    cp_status rc = cp_path_save(p, file, &err);
    setrlimit(RLIMIT_FSIZE, &old_limit);
    signal(SIGXFSZ, old_handler);
    assert_int_equal(rc, CP_ERR_IO);
    assert_non_null(strstr(err.message, "path.json: cannot write the file: file too large (the old file is "
                                        "unchanged)"));
    got = read_all(file);
    assert_string_equal(got, "old");
    assert_true(only_entries(dir, three, 3));
    free(got);
    free(expect);
    cp_path_destroy(p);
    testutil_rmtree(dir);
    free(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(files_should_save_paths_atomically),
        cmocka_unit_test(files_should_refuse_fifos_sockets_and_devices),
        cmocka_unit_test(files_should_write_through_chains_of_links),
        cmocka_unit_test(files_should_keep_owner_group_and_mode),
        cmocka_unit_test(files_should_not_claim_an_old_file_on_a_first_save),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
