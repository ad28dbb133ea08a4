/* Moving `__local` declarations of inner scopes to the kernel's outermost scope (vg_hoist.h,
 * docs/compiler.md "Extension: `__local` in inner scopes"; OpenCL C 1.2 §6.5.2).
 *
 * The source is cut into tokens (comments and strings skipped, preprocessor directives
 * marked); for each declaration clang pointed at, the statement holding it is found
 * (`__local T a[N], b[M];`), blanked in place (newlines kept, so every other line keeps its
 * number) and written again right after the `{` of the kernel's body. A name that appears
 * outside the declaration's block too (a parameter, a variable of another block, a global)
 * is renamed inside that block (member names after `.`/`->` are not names of variables);
 * a name that a preprocessor directive mentions cannot be followed through macro
 * expansions, so such a declaration is not moved. */
#define _POSIX_C_SOURCE 200809L
#include "vg_hoist.h"
#include "vg_file.h"
#include "vg_proc.h"

#include <ctype.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char k_msg[] = "variables in the local address space can only be declared in the outermost scope of a kernel function";

enum { T_ID, T_NUM, T_STR, T_PUNCT };

typedef struct {
    size_t off, len;
    int line, col, kind, pp;
} Tok;

/* Sources and clang's logs are read whole (vg_file.h); none of them is this large. */
#define HOIST_FILE_MAX ((size_t)256 << 20)

/* Tokens of C source text; `#` directives (with backslash continuations) give tokens with pp set.
 * active[line] (NULL: every line) says which lines the preprocessor kept: tokens of the
 * others (`#if 0`, `#ifdef __cplusplus` ... `extern "C" {`) are left out. */
static Tok *tokenize(const char *s, size_t n, size_t *ntok, const char *active, int nactive)
{
    size_t cap = 256, k = 0;
    Tok *t = malloc(cap * sizeof *t);
    if (!t)
        return NULL;
    int line = 1, col = 1, in_pp = 0, line_start = 1;
    size_t i = 0;
#define ADV()                                                                                                    \
    do {                                                                                                         \
        if (s[i] == '\n') {                                                                                      \
            line++;                                                                                              \
            col = 1;                                                                                             \
        } else {                                                                                                 \
            col++;                                                                                               \
        }                                                                                                        \
        i++;                                                                                                     \
    } while (0)
    while (i < n) {
        char c = s[i];
        if (c == '\\' && i + 1 < n && s[i + 1] == '\n') {   /* line continuation */
            ADV();
            ADV();
            continue;
        }
        if (c == '\n') {
            in_pp = 0;
            line_start = 1;
            ADV();
            continue;
        }
        if (isspace((unsigned char)c)) {
            ADV();
            continue;
        }
        if (c == '/' && i + 1 < n && s[i + 1] == '/') {
            while (i < n && s[i] != '\n') {
                if (s[i] == '\\' && i + 1 < n && s[i + 1] == '\n')
                    ADV();
                ADV();
            }
            continue;
        }
        if (c == '/' && i + 1 < n && s[i + 1] == '*') {
            ADV();
            ADV();
            while (i < n && !(s[i] == '*' && i + 1 < n && s[i + 1] == '/'))
                ADV();
            if (i < n) {
                ADV();
                ADV();
            }
            continue;
        }
        if (c == '#' && line_start)
            in_pp = 1;
        line_start = 0;
        if (active && !in_pp && (line >= nactive || !active[line])) {
            ADV();
            continue;
        }
        if (k == cap) {
            cap *= 2;
            Tok *q = realloc(t, cap * sizeof *t);
            if (!q) {
                free(t);
                return NULL;
            }
            t = q;
        }
        Tok *o = &t[k++];
        o->off = i;
        o->line = line;
        o->col = col;
        o->pp = in_pp;
        if (isalpha((unsigned char)c) || c == '_') {
            o->kind = T_ID;
            while (i < n && (isalnum((unsigned char)s[i]) || s[i] == '_'))
                ADV();
        } else if (isdigit((unsigned char)c) || (c == '.' && i + 1 < n && isdigit((unsigned char)s[i + 1]))) {
            o->kind = T_NUM;
            while (i < n && (isalnum((unsigned char)s[i]) || s[i] == '_' || s[i] == '.' ||
                             ((s[i] == '+' || s[i] == '-') && strchr("eEpP", s[i - 1]))))
                ADV();
        } else if (c == '"' || c == '\'') {
            o->kind = T_STR;
            ADV();
            while (i < n && s[i] != c && s[i] != '\n') {
                if (s[i] == '\\' && i + 1 < n)
                    ADV();
                ADV();
            }
            if (i < n && s[i] == c)
                ADV();
        } else {
            o->kind = T_PUNCT;
            if (c == '-' && i + 1 < n && s[i + 1] == '>')
                ADV();
            ADV();
        }
        o->len = i - o->off;
    }
#undef ADV
    *ntok = k;
    return t;
}

static int is_p(const char *s, const Tok *t, char c)
{
    return t->kind == T_PUNCT && t->len == 1 && s[t->off] == c;
}

static int tok_eq(const char *s, const Tok *t, const char *w)
{
    return t->kind == T_ID && t->len == strlen(w) && !memcmp(s + t->off, w, t->len);
}

/* One declaration statement to move. */
typedef struct {
    size_t s, e;          /* its first token and its `;` */
    size_t blk_end;       /* the `}` closing its block */
    size_t body;          /* the `{` of the kernel's body */
    size_t names[16];     /* the declarators clang pointed at */
    char *newname[16];    /* NULL: kept */
    int nnames;
} Decl;

typedef struct {
    const char *src, *tool;
    const char *s;
    Tok *t;
    size_t nt;
    int *match;           /* matching brace of each `{`/`}` token, or -1 */
    int *depth;           /* brace depth before each token (directives not counted) */
} Ctx;

static void note(const Ctx *c, const Tok *t, const char *fmt, ...)
{
    if (!c->tool)   /* quiet */
        return;
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s: %s:%d:%d: note: ", c->tool, c->src, t ? t->line : 0, t ? t->col : 0);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

static int braces(Ctx *c)
{
    c->match = malloc((c->nt + 1) * sizeof *c->match);
    c->depth = malloc((c->nt + 1) * sizeof *c->depth);
    size_t *stack = malloc((c->nt + 1) * sizeof *stack);
    if (!c->match || !c->depth || !stack) {
        free(stack);
        return -1;
    }
    size_t sp = 0;
    int ok = 0;
    for (size_t i = 0; i < c->nt; i++) {
        c->match[i] = -1;
        c->depth[i] = (int)sp;
        if (c->t[i].pp)
            continue;
        if (is_p(c->s, &c->t[i], '{')) {
            stack[sp++] = i;
        } else if (is_p(c->s, &c->t[i], '}')) {
            if (!sp) {
                ok = -1;
                continue;
            }
            size_t o = stack[--sp];
            c->match[o] = (int)i;
            c->match[i] = (int)o;
        }
    }
    free(stack);
    return sp ? -1 : ok;
}

/* The statement holding the declarator at token i, its block and the kernel's body, or a
 * reason why it cannot be moved. */
static const char *find_decl(const Ctx *c, size_t i, Decl *d)
{
    const char *s = c->s;
    const Tok *t = c->t;
    if (t[i].kind != T_ID || t[i].pp)
        return "the declaration is not plain source text (a macro writes it?)";
    size_t a = i;
    while (a > 0 && !t[a - 1].pp && !is_p(s, &t[a - 1], ';') && !is_p(s, &t[a - 1], '{') && !is_p(s, &t[a - 1], '}'))
        a--;
    if (a == 0 || t[a - 1].pp)
        return "the declaration does not follow a statement or a `{` (a directive precedes it)";
    size_t e = i;
    int par = 0, has_local = 0;
    for (size_t j = a; j < c->nt; j++) {
        const Tok *u = &t[j];
        if (u->pp || is_p(s, u, '{') || is_p(s, u, '}'))
            return "the declaration is not a simple statement (a directive or a brace inside it)";
        if (tok_eq(s, u, "__local") || tok_eq(s, u, "local"))
            has_local = 1;
        if (is_p(s, u, '(') || is_p(s, u, '['))
            par++;
        else if (is_p(s, u, ')') || is_p(s, u, ']'))
            par--;
        else if (par == 0 && is_p(s, u, '='))
            return "it has an initializer";
        else if (par == 0 && is_p(s, u, ';')) {
            e = j;
            break;
        }
    }
    if (e == i || e < i)
        return "the declaration has no `;`";
    if (!has_local)
        return "the declaration is written through a macro (no `__local` in its text)";
    /* the block: the innermost `{` before the statement whose `}` is after it */
    size_t ob = a - 1;
    for (;;) {
        if (is_p(s, &t[ob], '{') && c->match[ob] > (int)e)
            break;
        if (ob == 0)
            return "no enclosing block";
        ob--;
    }
    size_t body = ob;
    while (c->depth[body] > 0) {
        if (body == 0)
            return "no enclosing function";
        body--;
        while (!(is_p(s, &t[body], '{') && c->match[body] > (int)e)) {
            if (body == 0)
                return "no enclosing function";
            body--;
        }
    }
    if (body == ob)
        return "it is already in the outermost scope";
    d->s = a;
    d->e = e;
    d->blk_end = (size_t)c->match[ob];
    d->body = body;
    return NULL;
}

/* The kernel's name: the identifier before the `(` matching the `)` before the body. */
static void kernel_name(const Ctx *c, size_t body, char *out, size_t len)
{
    snprintf(out, len, "?");
    if (body < 2 || !is_p(c->s, &c->t[body - 1], ')'))
        return;
    int par = 0;
    for (size_t j = body - 1; j > 0; j--) {
        if (is_p(c->s, &c->t[j], ')'))
            par++;
        else if (is_p(c->s, &c->t[j], '(') && --par == 0) {
            if (c->t[j - 1].kind == T_ID)
                snprintf(out, len, "%.*s", (int)c->t[j - 1].len, c->s + c->t[j - 1].off);
            return;
        }
    }
}

static int name_used(const Ctx *c, const char *w)
{
    for (size_t j = 0; j < c->nt; j++)
        if (tok_eq(c->s, &c->t[j], w))
            return 1;
    return 0;
}

typedef struct {
    size_t off, len;     /* text replaced: [off, off+len) */
    char *text;          /* owned; NULL with blank = 1 */
    int blank;
    size_t seq;
} Edit;

static int edit_cmp(const void *x, const void *y)
{
    const Edit *a = x, *b = y;
    if (a->off != b->off)
        return a->off < b->off ? -1 : 1;
    return a->seq < b->seq ? -1 : a->seq > b->seq;
}

/* The new source (with the `#line` line first), or NULL after notes saying why not. */
static char *hoist(Ctx *c, const int (*locs)[2], int nlocs)
{
    const char *s = c->s;
    const Tok *t = c->t;
    if (braces(c)) {
        note(c, NULL, "the braces of the file do not pair up outside directives: the __local declarations are not moved");
        return NULL;
    }
    Decl *d = calloc((size_t)nlocs, sizeof *d);
    if (!d) {
        note(c, NULL, "out of memory while moving the __local declarations");
        return NULL;
    }
    int nd = 0, bad = 0;
    for (int k = 0; k < nlocs; k++) {
        size_t i = c->nt;
        for (size_t j = 0; j < c->nt; j++)
            if (t[j].line == locs[k][0] && t[j].col == locs[k][1])
                i = j;
        if (i == c->nt) {
            Tok at = { 0, 0, locs[k][0], locs[k][1], 0, 0 };
            note(c, &at, "cannot move this __local declaration to the kernel's outermost scope: no token here");
            bad = 1;
            continue;
        }
        Decl x = { 0 };
        const char *why = find_decl(c, i, &x);
        if (why) {
            note(c, &t[i], "cannot move this __local declaration to the kernel's outermost scope: %s", why);
            bad = 1;
            continue;
        }
        int g = 0;
        while (g < nd && d[g].s != x.s)
            g++;
        if (g == nd)
            d[nd++] = x;
        if (d[g].nnames == 16) {
            note(c, &t[i], "cannot move this __local declaration: more than 16 declarators in one statement");
            bad = 1;
            continue;
        }
        d[g].names[d[g].nnames++] = i;
    }
    /* every declarator of a statement must be one clang pointed at (they all are __local) */
    for (int g = 0; g < nd && !bad; g++) {
        int commas = 0, par = 0;
        for (size_t j = d[g].s; j < d[g].e; j++) {
            if (is_p(s, &t[j], '(') || is_p(s, &t[j], '['))
                par++;
            else if (is_p(s, &t[j], ')') || is_p(s, &t[j], ']'))
                par--;
            else if (!par && is_p(s, &t[j], ','))
                commas++;
        }
        if (commas + 1 != d[g].nnames) {
            note(c, &t[d[g].s], "cannot move this __local declaration: clang did not point at each of its declarators");
            bad = 1;
        }
    }
    /* names: renamed in their block when they appear outside it; never when a directive names them */
    for (int g = 0; g < nd && !bad; g++)
        for (int k = 0; k < d[g].nnames; k++) {
            const Tok *nm = &t[d[g].names[k]];
            char w[256];
            snprintf(w, sizeof w, "%.*s", (int)nm->len, s + nm->off);
            int outside = 0, in_pp = 0, clash = 0;
            for (size_t j = 0; j < c->nt; j++) {
                if (!tok_eq(s, &t[j], w))
                    continue;
                if (t[j].pp)
                    in_pp = 1;
                else if (j < d[g].s || j > d[g].blk_end)
                    outside = 1;
            }
            for (int h = 0; h < nd; h++)   /* another moved declaration of the name inside this block */
                for (int m = 0; h != g && m < d[h].nnames; m++)
                    if (d[h].s > d[g].s && d[h].s < d[g].blk_end && tok_eq(s, &t[d[h].names[m]], w))
                        clash = 1;
            if (in_pp) {
                note(c, nm, "cannot move __local '%s' to the kernel's outermost scope: a preprocessor directive names '%s', "
                            "and its uses through macros cannot be told apart", w, w);
                bad = 1;
            } else if (clash) {
                note(c, nm, "cannot move __local '%s' to the kernel's outermost scope: its block declares another __local '%s' "
                            "in an inner scope", w, w);
                bad = 1;
            } else if (outside) {
                char nn[320];
                snprintf(nn, sizeof nn, "%s_vgiw_local%d", w, nm->line);
                for (int u = 2; name_used(c, nn); u++)
                    snprintf(nn, sizeof nn, "%s_vgiw_local%d_%d", w, nm->line, u);
                d[g].newname[k] = strdup(nn);
            }
        }
    if (bad) {
        for (int g = 0; g < nd; g++)
            for (int k = 0; k < d[g].nnames; k++)
                free(d[g].newname[k]);
        free(d);
        return NULL;
    }
    /* the edits: blank each statement, insert it after its kernel's `{`, rename in its block */
    size_t ne = 0, cap = 16, seq = 0;
    Edit *ed = malloc(cap * sizeof *ed);
    int oom = !ed;
#define PUSH(o_, l_, t_, b_)                                                                                     \
    do {                                                                                                         \
        if (ne == cap) {                                                                                         \
            cap *= 2;                                                                                            \
            Edit *q_ = realloc(ed, cap * sizeof *ed);                                                            \
            if (!q_) {                                                                                           \
                oom = 1;                                                                                         \
                break;                                                                                           \
            }                                                                                                    \
            ed = q_;                                                                                             \
        }                                                                                                        \
        ed[ne++] = (Edit){ (o_), (l_), (t_), (b_), seq++ };                                                      \
    } while (0)
    for (int g = 0; g < nd && !oom; g++) {
        vg_buf ins = { 0 };
        for (size_t j = d[g].s; j <= d[g].e; j++) {
            if (j > d[g].s && t[j].off > t[j - 1].off + t[j - 1].len)
                oom |= vg_buf_put(&ins, " ", 1);
            const char *txt = s + t[j].off;
            size_t len = t[j].len;
            for (int k = 0; k < d[g].nnames; k++)
                if (d[g].names[k] == j && d[g].newname[k]) {
                    txt = d[g].newname[k];
                    len = strlen(txt);
                }
            oom |= vg_buf_put(&ins, txt, len);
        }
        oom |= vg_buf_put(&ins, " ", 1);
        size_t at = t[d[g].body].off + 1;
        PUSH(at, 0, (char *)ins.p, 0);
        PUSH(t[d[g].s].off, t[d[g].e].off + 1 - t[d[g].s].off, NULL, 1);
        for (int k = 0; k < d[g].nnames; k++) {
            if (!d[g].newname[k])
                continue;
            const Tok *nm = &t[d[g].names[k]];
            for (size_t j = d[g].e + 1; j < d[g].blk_end; j++) {
                if (t[j].kind != T_ID || t[j].len != nm->len || memcmp(s + t[j].off, s + nm->off, nm->len))
                    continue;
                if (is_p(s, &t[j - 1], '.') || (t[j - 1].kind == T_PUNCT && t[j - 1].len == 2))   /* a member */
                    continue;
                PUSH(t[j].off, t[j].len, strdup(d[g].newname[k]), 0);
            }
        }
        char kn[128];
        kernel_name(c, d[g].body, kn, sizeof kn);
        for (int k = 0; k < d[g].nnames; k++) {
            const Tok *nm = &t[d[g].names[k]];
            if (d[g].newname[k])
                note(c, nm, "__local '%.*s' declared in an inner scope: moved to the outermost scope of kernel '%s' "
                            "(line %d) as '%s' (an extension to OpenCL C 1.2 section 6.5.2)",
                     (int)nm->len, s + nm->off, kn, t[d[g].body].line, d[g].newname[k]);
            else
                note(c, nm, "__local '%.*s' declared in an inner scope: moved to the outermost scope of kernel '%s' "
                            "(line %d) (an extension to OpenCL C 1.2 section 6.5.2)",
                     (int)nm->len, s + nm->off, kn, t[d[g].body].line);
        }
    }
#undef PUSH
    vg_buf out = { 0 };
    if (!oom) {
        qsort(ed, ne, sizeof *ed, edit_cmp);
        /* #line keeps the file name and the line numbers of messages and debug information */
        oom |= vg_buf_put(&out, "#line 1 \"", 9);
        for (const char *p = c->src; *p; p++) {
            if (*p == '"' || *p == '\\')
                oom |= vg_buf_put(&out, "\\", 1);
            oom |= vg_buf_put(&out, p, 1);
        }
        oom |= vg_buf_put(&out, "\"\n", 2);
        size_t pos = 0, n = strlen(s);
        for (size_t k = 0; k < ne; k++) {
            if (ed[k].off < pos)   /* overlapping edits cannot happen (renames are outside the statements) */
                continue;
            oom |= vg_buf_put(&out, s + pos, ed[k].off - pos);
            if (ed[k].blank) {
                for (size_t j = ed[k].off; j < ed[k].off + ed[k].len; j++)
                    oom |= vg_buf_put(&out, s[j] == '\n' ? "\n" : " ", 1);
            } else {
                oom |= vg_buf_put(&out, ed[k].text, strlen(ed[k].text));
            }
            pos = ed[k].off + ed[k].len;
        }
        oom |= vg_buf_put(&out, s + pos, n - pos);
    }
    for (size_t k = 0; k < ne; k++)
        free(ed[k].text);
    free(ed);
    for (int g = 0; g < nd; g++)
        for (int k = 0; k < d[g].nnames; k++)
            free(d[g].newname[k]);
    free(d);
    if (oom) {
        free(out.p);
        note(c, NULL, "out of memory while moving the __local declarations");
        return NULL;
    }
    return (char *)out.p;
}

/* The lines of src that clang's preprocessor kept (non-blank in its -E output): 1 per line
 * in a calloc'ed array of *n entries, or NULL. */
static char *active_lines(const char *pp, size_t len, const char *src, int *n)
{
    int cap = 1024, line = 0, in_src = 0;
    char *a = calloc((size_t)cap, 1);
    if (!a)
        return NULL;
    for (const char *l = pp; l < pp + len;) {
        const char *eol = memchr(l, '\n', (size_t)(pp + len - l));
        size_t ll = eol ? (size_t)(eol - l) : (size_t)(pp + len - l);
        int mk;
        if (ll > 2 && l[0] == '#' && l[1] == ' ' && sscanf(l + 2, "%d", &mk) == 1) {
            /* # LINE "FILE" FLAGS: the file name with backslash escapes */
            const char *q = memchr(l, '"', ll);
            in_src = 0;
            if (q) {
                size_t k = 0, i = 1, sl = strlen(src);
                int same = 1;
                for (; q + i < l + ll && q[i] != '"'; i++, k++) {
                    if (q[i] == '\\' && q + i + 1 < l + ll)
                        i++;
                    if (k >= sl || src[k] != q[i])
                        same = 0;
                }
                in_src = same && k == sl;
            }
            line = mk;
        } else {
            int blank = 1;
            for (size_t i = 0; i < ll; i++)
                blank &= isspace((unsigned char)l[i]) != 0;
            if (in_src && !blank && line > 0) {
                if (line >= cap) {
                    int nc = line * 2;
                    char *q = realloc(a, (size_t)nc);
                    if (!q) {
                        free(a);
                        return NULL;
                    }
                    memset(q + cap, 0, (size_t)(nc - cap));
                    a = q;
                    cap = nc;
                }
                a[line] = 1;
            }
            line++;
        }
        l += ll + 1;
    }
    *n = cap;
    return a;
}

/* The locations of §6.5.2's error in src, or -1 when clang reported any other error. */
static int scan_errors(const char *log, const char *src, int (**locs)[2])
{
    int n = 0, cap = 8;
    *locs = malloc((size_t)cap * sizeof **locs);
    if (!*locs)
        return -1;
    size_t sl = strlen(src);
    for (const char *l = log; *l;) {
        const char *eol = strchr(l, '\n');
        size_t len = eol ? (size_t)(eol - l) : strlen(l);
        const char *e = NULL;
        for (const char *p = l; p + 7 <= l + len; p++)
            if (!memcmp(p, " error: ", 8) || !memcmp(p, "error: ", 7)) {
                e = p;
                break;
            }
        if (e) {
            int line, col, used = 0;
            char rest[8];
            if (len <= sl || memcmp(l, src, sl) || l[sl] != ':' ||
                sscanf(l + sl + 1, "%d:%d: %7[a-z]: %n", &line, &col, rest, &used) != 3 || strcmp(rest, "error") || !used ||
                sl + 1 + (size_t)used > len || len - (sl + 1 + (size_t)used) != strlen(k_msg) || memcmp(l + sl + 1 + used, k_msg, strlen(k_msg)))
                return -1;
            if (n == cap) {
                cap *= 2;
                int (*q)[2] = realloc(*locs, (size_t)cap * sizeof **locs);
                if (!q)
                    return -1;
                *locs = q;
            }
            (*locs)[n][0] = line;
            (*locs)[n][1] = col;
            n++;
        }
        l += len + (eol ? 1 : 0);
    }
    return n ? n : -1;
}

int vgh_run_clang(char **argv, int src_i, const char *dir, const char *tool, int verbose)
{
    const char *tname = tool ? tool : "clang-19";
    char errpath[PATH_MAX], hdir[PATH_MAX], hpath[PATH_MAX + 256], idir[PATH_MAX], pmap[2 * PATH_MAX + 32];
    snprintf(errpath, sizeof errpath, "%s/clang.err", dir);
    /* the moved copy keeps the source's file name, in a folder of its own, so that the debug
     * information can name the source, not the temporary copy (below) */
    const char *base = strrchr(argv[src_i], '/');
    base = base ? base + 1 : argv[src_i];
    snprintf(hdir, sizeof hdir, "%s/moved", dir);
    snprintf(hpath, sizeof hpath, "%s/%s", hdir, base);
    int rc = vgp_run_stderr(argv, verbose, errpath);
    size_t loglen = 0;
    char *log = vg_read_file(errpath, "clang's messages", HOIST_FILE_MAX, &loglen, NULL, 0);
    int (*locs)[2] = NULL;
    int nlocs = (rc > 0 && rc < 128 && log) ? scan_errors(log, argv[src_i], &locs) : -1;
    if (log && nlocs < 0)
        fwrite(log, 1, loglen, stderr);
    if (nlocs < 0) {
        free(log);
        free(locs);
        return rc;
    }
    size_t slen = 0;
    char *src = vg_read_file(argv[src_i], "a kernel source", HOIST_FILE_MAX, &slen, NULL, 0);
    Ctx c = { .src = argv[src_i], .tool = tool, .s = src };
    char *text = NULL;
    /* which lines the preprocessor keeps: clang -E with the same options */
    char pppath[PATH_MAX];
    snprintf(pppath, sizeof pppath, "%s/pp.i", dir);
    int na = 0, nactive = 0;
    while (argv[na])
        na++;
    char **ev = calloc((size_t)na + 1, sizeof *ev), *active = NULL;
    int have_c = 0, have_o = 0;
    for (int k = 0; ev && k < na; k++) {
        ev[k] = argv[k];
        if (!strcmp(argv[k], "-c")) {
            ev[k] = "-E";
            have_c = 1;
        } else if (k > 0 && !strcmp(argv[k - 1], "-o")) {
            ev[k] = pppath;
            have_o = 1;
        }
    }
    if (ev && have_c && have_o && vgp_run_stderr(ev, verbose, errpath) == 0) {
        size_t pl = 0;
        char *pp = vg_read_file(pppath, "a preprocessed source", HOIST_FILE_MAX, &pl, NULL, 0);
        if (pp)
            active = active_lines(pp, pl, argv[src_i], &nactive);
        free(pp);
    }
    free(ev);
    if (!active)
        note(&c, NULL, "the preprocessor's view of the file is not known: every line is taken as compiled");
    if (src && strlen(src) == slen && (c.t = tokenize(src, slen, &c.nt, active, nactive)))
        text = hoist(&c, (const int(*)[2])locs, nlocs);
    free(active);
    free(c.t);
    free(c.match);
    free(c.depth);
    free(locs);
    if (!text) {   /* clang's located errors stand (the notes above them say why) */
        fwrite(log, 1, loglen, stderr);
        free(log);
        free(src);
        return rc;
    }
    FILE *f = mkdir(hdir, 0700) == 0 ? fopen(hpath, "wb") : NULL;
    int wbad = !f || fwrite(text, 1, strlen(text), f) != strlen(text);
    if (f)
        wbad |= fclose(f) != 0;
    free(text);
    if (wbad) {
        fwrite(log, 1, loglen, stderr);
        fprintf(stderr, "%s: %s: note: cannot write the source with the __local declarations moved\n", tname, argv[src_i]);
        free(log);
        free(src);
        return rc;
    }
    /* the copy is elsewhere: its #include "..." must still find the source's own folder */
    const char *slash = strrchr(argv[src_i], '/');
    if (slash)
        snprintf(idir, sizeof idir, "%.*s", (int)(slash - argv[src_i]), argv[src_i]);
    else
        snprintf(idir, sizeof idir, ".");
    /* the debug information names the source's folder, not the temporary one: the output
     * does not depend on where the copy was (a build is byte-reproducible) */
    snprintf(pmap, sizeof pmap, "-fdebug-prefix-map=%s=%s", hdir, idir);
    char **av = calloc((size_t)na + 4, sizeof *av);
    if (!av) {
        fwrite(log, 1, loglen, stderr);
        free(log);
        free(src);
        return rc;
    }
    for (int k = 0; k < na; k++)
        av[k] = k == src_i ? hpath : argv[k];
    av[na] = "-iquote";
    av[na + 1] = idir;
    av[na + 2] = pmap;
    int rc2 = vgp_run(av, verbose);
    free(av);
    if (rc2 != 0) {
        fprintf(stderr, "%s: %s: note: the source with the __local declarations moved did not compile either (above); "
                        "clang's errors on the source as written:\n", tname, argv[src_i]);
        fwrite(log, 1, loglen, stderr);
    }
    free(log);
    free(src);
    return rc2;
}

char **vgh_front_end(const char *clang, int fp64, const char *out, const char *const *extra, int nextra,
                     int no_loop_idioms, const char *src, int *src_i)
{
    /* -cl-ext=-cl_khr_fp64: the device has no double precision (docs/compiler.md "clang flags") */
    const char *fixed[] = { clang, "-x", "cl", "-cl-std=CL1.2", "-Xclang", "-finclude-default-header",
        "-Xclang", fp64 ? "-cl-ext=+cl_khr_fp64" : "-cl-ext=-cl_khr_fp64", "-cl-kernel-arg-info", "-target", "spir",
        "-O2", "-fno-unroll-loops", "-fno-vectorize", "-fno-slp-vectorize", "-ffp-contract=off", "-g", "-emit-llvm",
        "-c", "-o", out };
    size_t nf = sizeof fixed / sizeof fixed[0];
    char **argv = calloc(nf + (size_t)(nextra > 0 ? nextra : 0) + 4, sizeof *argv);
    if (!argv)
        return NULL;
    int k = 0;
    for (size_t i = 0; i < nf; i++)
        argv[k++] = (char *)fixed[i];
    for (int i = 0; i < nextra; i++)
        argv[k++] = (char *)extra[i];
    if (no_loop_idioms) {
        argv[k++] = "-mllvm";
        argv[k++] = "-disable-loop-idiom-all";
    }
    *src_i = k;
    argv[k] = (char *)src;
    return argv;
}

void vgh_fp64_only(char *msg, size_t len, const char *src, int nk)
{
    size_t n;
    char *s = vg_read_file(src, "a kernel source", HOIST_FILE_MAX, &n, NULL, 0);
    int ln = 1, at = 0;
    for (const char *l = s; l && *l && !at; ln++) {
        const char *e = strchr(l, '\n');
        size_t ll = e ? (size_t)(e - l) : strlen(l);
        const char *p = l + strspn(l, " \t");
        if (*p == '#' && (size_t)(p - l) < ll) {
            char line[4096];
            snprintf(line, sizeof line, "%.*s", (int)(ll - (size_t)(p - l)), p);
            if (strstr(line, "cl_khr_fp64") && (strstr(line, "if") || strstr(line, "elif")))
                at = ln;
        }
        l = e ? e + 1 : l + ll;
    }
    free(s);
    snprintf(msg, len,
             "%s:%d: error: unsupported: double precision: the file's %d kernel(s) are compiled only when the device "
             "supports cl_khr_fp64 ('double'), which it does not (docs/compiler.md \"clang flags\")",
             src, at ? at : 1, nk);
}
