/* The solver's inner loops, compiled (imported by solver.py and leftover.py when built).
 *
 * Each function is a faithful port of a pure-Python reference, which stays in
 * the engine and runs wherever this could not be built: for the same input it
 * returns the same Python objects (tests/mahjong/test_solver_compiled.py calls
 * both on every call a search makes, and checks that the whole search takes
 * the same steps).  Ported:
 *   relaxed       _Search._relaxed_py     (the relaxed game of a state)
 *   safe_moves    _Search._safe_moves_py  (the moves that cannot spoil a win)
 *   shrink        _Search._shrink_py      (a lost state's reason, made small)
 *   first_learnt  _Search._first_learnt   (the check against learnt reasons)
 *   playouts      leftover.playouts_py    (random real games)
 *   relaxed_left  leftover._relaxed_left_py
 * Why: in pure Python a relaxed game costs about 100 us and is four fifths of
 * the solver's time; here it costs about 3 us.
 *
 * The functions that play many games in one call (playouts: up to hundreds;
 * shrink: one per face of the trail) let go of the interpreter lock while they
 * play: every Python object is read into C values before and built after, so
 * other threads of the process run meanwhile.  The one-game functions keep it:
 * for 3 us of work, taking the lock back could wait for another thread's whole
 * switch interval (5 ms).
 *
 * Tiles are indices 0..n-1 (n <= 256), in the layout's canonical order (layer,
 * row, column), which is also the order of the bit-board cells the Python
 * version walks, so "highest cell first" is "highest index first" here.  Sets
 * of tiles are four 64-bit words; packed pairings (two bits per face, 36
 * faces) two words.
 *
 * tables (bytes, made once per board by solver._compiled_tables):
 *   n as 8 bytes, then each tile's class (a byte: -1 for none, else 0..35),
 *   padded to 8, then five masks per tile, each four little-endian 64-bit
 *   words: above, left, right, near (below | left | right) and up (every tile
 *   lying on it, directly or through others).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define WORDS 4
#define MAX_TILES (64 * WORDS)
#define CLASSES 36

typedef struct {
    uint64_t w[WORDS];
} Set;

typedef struct {
    int n;
    const signed char *cls;
    const Set *above, *left, *right, *near, *up;
} Tables;

static inline int set_has(const Set *s, int i) { return (int)((s->w[i >> 6] >> (i & 63)) & 1u); }
static inline void set_add(Set *s, int i) { s->w[i >> 6] |= (uint64_t)1 << (i & 63); }
static inline int set_any(const Set *s) { return (s->w[0] | s->w[1] | s->w[2] | s->w[3]) != 0; }
static inline int set_meets(const Set *a, const Set *b) {
    return ((a->w[0] & b->w[0]) | (a->w[1] & b->w[1]) | (a->w[2] & b->w[2]) | (a->w[3] & b->w[3])) != 0;
}
static inline int set_count(const Set *s) {
    return __builtin_popcountll(s->w[0]) + __builtin_popcountll(s->w[1]) + __builtin_popcountll(s->w[2]) +
           __builtin_popcountll(s->w[3]);
}
static inline void set_and(Set *out, const Set *a, const Set *b) {
    for (int k = 0; k < WORDS; k++) out->w[k] = a->w[k] & b->w[k];
}

/* The members of a set, lowest first; returns how many. */
static int set_list(const Set *s, int *out) {
    int count = 0;
    for (int k = 0; k < WORDS; k++) {
        uint64_t word = s->w[k];
        while (word) {
            out[count++] = 64 * k + __builtin_ctzll(word);
            word &= word - 1;
        }
    }
    return count;
}

static inline int is_free(const Tables *t, const Set *board, int i) {
    return !set_meets(&t->above[i], board) && !(set_meets(&t->left[i], board) && set_meets(&t->right[i], board));
}

/* Two tiles that can never be free at once: one lies (through others) on the other. */
static inline int dead_pair(const Tables *t, int a, int b) { return set_has(&t->up[a], b) || set_has(&t->up[b], a); }

/* A Python int (non-negative, below 2 ** (64 * words)) as 64-bit words. */
static int read_words(PyObject *number, uint64_t *out, int words) {
    PyObject *shift = PyLong_FromLong(64);
    if (shift == NULL) return -1;
    Py_INCREF(number);
    PyObject *rest = number;
    for (int k = 0; k < words; k++) {
        out[k] = PyLong_AsUnsignedLongLongMask(rest);
        if (out[k] == (uint64_t)-1 && PyErr_Occurred()) {
            Py_DECREF(rest);
            Py_DECREF(shift);
            return -1;
        }
        if (k + 1 < words) {
            PyObject *next = PyNumber_Rshift(rest, shift);
            Py_DECREF(rest);
            if (next == NULL) {
                Py_DECREF(shift);
                return -1;
            }
            rest = next;
        }
    }
    Py_DECREF(rest);
    Py_DECREF(shift);
    return 0;
}

/* A set of tiles read from a Python int, without bits of tiles the layout does not have. */
static int read_tiles(PyObject *number, const Tables *t, Set *out) {
    if (read_words(number, out->w, WORDS) < 0) return -1;
    for (int i = t->n; i < MAX_TILES; i++) out->w[i >> 6] &= ~((uint64_t)1 << (i & 63));
    return 0;
}

/* A Python int from 64-bit words, lowest first. */
static PyObject *int_from_words(const uint64_t *words, int count) {
    PyObject *result = PyLong_FromUnsignedLongLong(words[count - 1]);
    PyObject *sixty_four = PyLong_FromLong(64);
    for (int k = count - 2; k >= 0 && result != NULL && sixty_four != NULL; k--) {
        PyObject *shifted = PyNumber_Lshift(result, sixty_four);
        Py_DECREF(result);
        result = NULL;
        if (shifted == NULL) break;
        PyObject *low = PyLong_FromUnsignedLongLong(words[k]);
        if (low != NULL) result = PyNumber_Or(shifted, low);
        Py_XDECREF(low);
        Py_DECREF(shifted);
    }
    Py_XDECREF(sixty_four);
    if (sixty_four == NULL) Py_CLEAR(result);
    return result;
}

static int read_tables(PyObject *blob, Tables *t) {
    if (!PyBytes_Check(blob)) {
        PyErr_SetString(PyExc_TypeError, "tables must be bytes");
        return -1;
    }
    const char *data = PyBytes_AS_STRING(blob);
    Py_ssize_t size = PyBytes_GET_SIZE(blob);
    if (size < 8) goto bad;
    int64_t n;
    memcpy(&n, data, 8);
    if (n < 0 || n > MAX_TILES) goto bad;
    /* header, classes padded to 8 bytes, then four arrays of sets */
    Py_ssize_t classes_size = (Py_ssize_t)((n + 7) / 8 * 8);
    Py_ssize_t want = 8 + classes_size + 5 * (Py_ssize_t)n * (Py_ssize_t)sizeof(Set);
    if (size != want) goto bad;
    t->n = (int)n;
    t->cls = (const signed char *)(data + 8);
    const Set *sets = (const Set *)(data + 8 + classes_size);
    t->above = sets;
    t->left = sets + n;
    t->right = sets + 2 * n;
    t->near = sets + 3 * n;
    t->up = sets + 4 * n;
    for (int i = 0; i < t->n; i++) {
        if (t->cls[i] < -1 || t->cls[i] >= CLASSES) goto bad;
    }
    return 0;
bad:
    PyErr_SetString(PyExc_ValueError, "malformed solver tables");
    return -1;
}

/* The pairing (0, 1 or 2) of group g0 < g1 < g2 < g3 that pairs x with y. */
static int pairing_of(const int *group, int x, int y) {
    int other = x == group[0] ? y : y == group[0] ? x : -1;
    if (other < 0) {
        /* x and y are the second pair: g0 pairs with whichever of g1..g3 is not one of them */
        for (int k = 1; k < 4; k++) {
            if (group[k] != x && group[k] != y) return k - 1;
        }
        return -1;
    }
    for (int k = 1; k < 4; k++) {
        if (group[k] == other) return k - 1;
    }
    return -1;
}

static PyObject *pair_tuple(int a, int b) {
    return Py_BuildValue("(ii)", a, b);
}

/* Partners under a designated pairing of a four-tile group g0 < g1 < g2 < g3: ``choice`` k
   (1 to 3) pairs g0 with g[k], and the other two with each other. */
static void pair_by_choice(int *partner, const int *g, int choice) {
    int other = g[choice], second[2], s = 0;
    for (int k = 1; k < 4; k++) {
        if (g[k] != other) second[s++] = g[k];
    }
    partner[g[0]] = other;
    partner[other] = g[0];
    partner[second[0]] = second[1];
    partner[second[1]] = second[0];
}

/* After ``removed`` left ``board``: the free tiles.  Only neighbours of removed tiles can
   come free, and free tiles stay free. */
static void refresh(const Tables *t, const Set *board, Set *free, const Set *removed) {
    Set near;
    memset(&near, 0, sizeof near);
    for (int k = 0; k < WORDS; k++) free->w[k] &= ~removed->w[k];
    int gone[MAX_TILES];
    int gone_count = set_list(removed, gone);
    for (int g = 0; g < gone_count; g++) {
        for (int k = 0; k < WORDS; k++) near.w[k] |= t->near[gone[g]].w[k];
    }
    for (int k = 0; k < WORDS; k++) near.w[k] &= board->w[k] & ~free->w[k];
    int candidates[MAX_TILES];
    int candidate_count = set_list(&near, candidates);
    for (int g = 0; g < candidate_count; g++) {
        if (is_free(t, board, candidates[g])) set_add(free, candidates[g]);
    }
}

/* safe_moves(tables, occupied, free, designated) -> (pairs, occupied, free, designated) | None
 *
 * _Search._safe_moves_py: every move that cannot spoil a win, faces lowest first, over and
 * over until none is left; None when the state is plainly lost. */
static PyObject *safe_moves(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *blob, *occupied_obj, *free_obj, *designated_obj;
    if (!PyArg_ParseTuple(args, "SO!O!O!", &blob, &PyLong_Type, &occupied_obj, &PyLong_Type, &free_obj,
                          &PyLong_Type, &designated_obj))
        return NULL;
    Tables t;
    if (read_tables(blob, &t) < 0) return NULL;
    Set board, free;
    uint64_t designated[2];
    if (read_tiles(occupied_obj, &t, &board) < 0 || read_tiles(free_obj, &t, &free) < 0 ||
        read_words(designated_obj, designated, 2) < 0)
        return NULL;
    Set members[CLASSES];
    memset(members, 0, sizeof members);
    for (int i = 0; i < t.n; i++) {
        if (t.cls[i] >= 0) set_add(&members[t.cls[i]], i);
    }
    int made[MAX_TILES], made_count = 0;
    int progress = 1;
    while (progress) {
        progress = 0;
        for (int c = 0; c < CLASSES; c++) {
            Set rest, loose;
            set_and(&rest, &members[c], &board);
            if (!set_any(&rest)) continue;
            set_and(&loose, &rest, &free);
            int count = set_count(&rest);
            int word = (2 * c) >> 6, shift = (2 * c) & 63;
            if (count == 2 || (count == 4 && set_count(&loose) == 4)) {
                if (set_count(&loose) != count) continue;
                made_count += set_list(&rest, made + made_count);
                for (int k = 0; k < WORDS; k++) board.w[k] &= ~rest.w[k];
                refresh(&t, &board, &free, &rest);
                if (count == 4) designated[word] &= ~((uint64_t)3 << shift);
                progress = 1;
                continue;
            }
            if (count != 4) Py_RETURN_NONE;
            int g[4];
            set_list(&rest, g);
            int choice = (int)((designated[word] >> shift) & 3);
            if (!choice) {
                int alive = 0, last = -1;
                for (int k = 0; k < 3; k++) {
                    int other = g[k + 1], second[2], s2 = 0;
                    for (int m = 1; m < 4; m++) {
                        if (g[m] != other) second[s2++] = g[m];
                    }
                    if (!dead_pair(&t, g[0], other) && !dead_pair(&t, second[0], second[1])) {
                        alive++;
                        last = k;
                    }
                }
                if (!alive) Py_RETURN_NONE;
                if (alive > 1) continue;
                choice = last + 1;
                designated[word] |= (uint64_t)choice << shift;
            }
            int other = g[choice], second[2], s2 = 0;
            for (int m = 1; m < 4; m++) {
                if (g[m] != other) second[s2++] = g[m];
            }
            int pairs[2][2] = {{g[0], other}, {second[0], second[1]}};
            for (int p = 0; p < 2; p++) {
                if (set_has(&loose, pairs[p][0]) && set_has(&loose, pairs[p][1])) {
                    Set pair;
                    memset(&pair, 0, sizeof pair);
                    set_add(&pair, pairs[p][0]);
                    set_add(&pair, pairs[p][1]);
                    made[made_count++] = pairs[p][0];
                    made[made_count++] = pairs[p][1];
                    for (int k = 0; k < WORDS; k++) board.w[k] &= ~pair.w[k];
                    refresh(&t, &board, &free, &pair);
                    designated[word] &= ~((uint64_t)3 << shift);
                    progress = 1;
                    break;
                }
            }
        }
    }
    /* a face reduced to two tiles is a forced pair: it must be able to be free at once */
    for (int c = 0; c < CLASSES; c++) {
        Set rest;
        set_and(&rest, &members[c], &board);
        if (set_count(&rest) == 2) {
            int g[2];
            set_list(&rest, g);
            if (dead_pair(&t, g[0], g[1])) Py_RETURN_NONE;
        }
    }
    PyObject *pairs = PyList_New(made_count / 2);
    if (pairs == NULL) return NULL;
    for (int k = 0; k < made_count; k += 2) {
        PyObject *pair = pair_tuple(made[k], made[k + 1]);
        if (pair == NULL) {
            Py_DECREF(pairs);
            return NULL;
        }
        PyList_SET_ITEM(pairs, k / 2, pair);
    }
    return Py_BuildValue("(NNNN)", pairs, int_from_words(board.w, WORDS), int_from_words(free.w, WORDS),
                         int_from_words(designated, 2));
}

/* relaxed(tables, occupied, designated, activity) -> None | (plan, []) | ([], [(face, pairing)]) */
static PyObject *relaxed(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *blob, *occupied_obj, *designated_obj, *activity;
    if (!PyArg_ParseTuple(args, "SO!O!O!", &blob, &PyLong_Type, &occupied_obj, &PyLong_Type, &designated_obj,
                          &PyList_Type, &activity))
        return NULL;
    if (PyList_GET_SIZE(activity) < CLASSES) {
        PyErr_SetString(PyExc_ValueError, "activity needs one number per face");
        return NULL;
    }
    Tables t;
    if (read_tables(blob, &t) < 0) return NULL;
    Set board;
    uint64_t designated[2];
    if (read_tiles(occupied_obj, &t, &board) < 0 || read_words(designated_obj, designated, 2) < 0)
        return NULL;
    int n = t.n;

    /* the members of each face on the board, and each tile's fixed partner (-1: none) */
    Set members[CLASSES];
    memset(members, 0, sizeof members);
    for (int i = 0; i < n; i++) {
        if (set_has(&board, i) && t.cls[i] >= 0) set_add(&members[t.cls[i]], i);
    }
    int partner[MAX_TILES];
    for (int i = 0; i < n; i++) partner[i] = -1;
    int group[CLASSES][4];
    int group_size[CLASSES];
    for (int c = 0; c < CLASSES; c++) {
        int tiles[MAX_TILES];
        int count = set_list(&members[c], tiles);
        group_size[c] = count;
        for (int k = 0; k < count && k < 4; k++) group[c][k] = tiles[k];
        if (count == 2) {
            partner[tiles[0]] = tiles[1];
            partner[tiles[1]] = tiles[0];
        }
    }
    for (int c = 0; c < CLASSES; c++) {
        int choice = (int)((designated[(2 * c) >> 6] >> ((2 * c) & 63)) & 3);
        if (!choice || group_size[c] == 0 || group_size[c] == 2) continue;
        if (group_size[c] != 4 || choice > 3) {
            PyErr_SetString(PyExc_ValueError, "a designated face must have four tiles");
            return NULL;
        }
        pair_by_choice(partner, group[c], choice);
    }

    Set free;
    memset(&free, 0, sizeof free);
    for (int i = 0; i < n; i++) {
        if (set_has(&board, i) && is_free(&t, &board, i)) set_add(&free, i);
    }
    /* went: groups of 2 or 4 tiles that went together, as tile lists, in order */
    int went[MAX_TILES];
    int went_size[MAX_TILES];
    int went_count = 0, went_tiles = 0;
    /* lone: (face, tiles shed) batches of the first critical face only are needed,
       but which face that is is known at the end: keep them all */
    int lone_face[MAX_TILES], lone_start[MAX_TILES + 1], lone_tiles[MAX_TILES];
    int lone_count = 0, lone_used = 0;
    int odd[CLASSES], odd_count = 0;
    uint64_t opened = 0, odd_seen = 0;
    Set seen;
    memset(&seen, 0, sizeof seen);

    while (set_any(&board)) {
        Set removed, fresh;
        memset(&removed, 0, sizeof removed);
        uint64_t touched = 0;
        for (int k = 0; k < WORDS; k++) {
            fresh.w[k] = free.w[k] & ~seen.w[k];
            seen.w[k] |= fresh.w[k];
        }
        for (int k = WORDS - 1; k >= 0; k--) {
            uint64_t word = fresh.w[k];
            while (word) {
                int top = 63 - __builtin_clzll(word);
                word &= ~((uint64_t)1 << top);
                int i = 64 * k + top;
                int p = partner[i];
                if (p < 0) {
                    if (t.cls[i] >= 0) touched |= (uint64_t)1 << t.cls[i];
                } else if (set_has(&free, p) && !set_has(&removed, i) && !set_has(&removed, p)) {
                    set_add(&removed, i);
                    set_add(&removed, p);
                    /* as the Python version lists a pair: lowest tile first */
                    went[went_tiles++] = i < p ? i : p;
                    went[went_tiles++] = i < p ? p : i;
                    went_size[went_count++] = 2;
                }
            }
        }
        while (touched) {
            int c = __builtin_ctzll(touched);
            touched &= touched - 1;
            uint64_t bit = (uint64_t)1 << c;
            Set loose;
            set_and(&loose, &members[c], &free);
            int count = set_count(&loose);
            if (count < 2 && !(opened & bit)) continue;
            opened |= bit;
            for (int k = 0; k < WORDS; k++) removed.w[k] |= loose.w[k];
            int tiles[4];
            int got = set_list(&loose, tiles);
            lone_face[lone_count] = c;
            lone_start[lone_count] = lone_used;
            for (int k = 0; k < got; k++) lone_tiles[lone_used++] = tiles[k];
            lone_count++;
            if (count % 2) {
                if (!(odd_seen & bit)) {
                    odd_seen |= bit;
                    odd[odd_count++] = c;
                }
            } else {
                for (int k = 0; k < got; k++) went[went_tiles++] = tiles[k];
                went_size[went_count++] = got;
            }
        }
        if (!set_any(&removed)) Py_RETURN_NONE;
        for (int k = 0; k < WORDS; k++) board.w[k] &= ~removed.w[k];
        refresh(&t, &board, &free, &removed);
    }
    lone_start[lone_count] = lone_used;

    if (odd_count) {
        /* the first odd face with the highest activity */
        int first = odd[0];
        double best = PyFloat_AsDouble(PyList_GET_ITEM(activity, first));
        if (best == -1.0 && PyErr_Occurred()) return NULL;
        for (int k = 1; k < odd_count; k++) {
            double a = PyFloat_AsDouble(PyList_GET_ITEM(activity, odd[k]));
            if (a == -1.0 && PyErr_Occurred()) return NULL;
            if (a > best) {
                best = a;
                first = odd[k];
            }
        }
        int order[8], shed = 0, first_batch = -1;
        for (int b = 0; b < lone_count; b++) {
            if (lone_face[b] != first) continue;
            if (first_batch < 0) first_batch = b;
            for (int k = lone_start[b]; k < lone_start[b + 1] && shed < 8; k++) order[shed++] = lone_tiles[k];
        }
        if (shed != 4) {
            PyErr_SetString(PyExc_ValueError, "a critical face must have four tiles");
            return NULL;
        }
        int sorted[4];
        memcpy(sorted, order, sizeof sorted);
        for (int a = 1; a < 4; a++) {
            for (int b = a; b > 0 && sorted[b - 1] > sorted[b]; b--) {
                int swap = sorted[b];
                sorted[b] = sorted[b - 1];
                sorted[b - 1] = swap;
            }
        }
        const int *batch = &lone_tiles[lone_start[first_batch]];
        int batch_size = lone_start[first_batch + 1] - lone_start[first_batch];
        int x = batch[0], y = batch[1];
        if (batch_size == 3) {
            /* keep back the one holding up the fewest tiles (the first such) */
            int keep = 0;
            for (int k = 1; k < 3; k++) {
                if (set_count(&t.near[batch[k]]) < set_count(&t.near[batch[keep]])) keep = k;
            }
            x = batch[keep == 0 ? 1 : 0];
            y = batch[keep == 2 ? 1 : 2];
        }
        int natural = pairing_of(sorted, x, y);
        if (natural < 0) {
            PyErr_SetString(PyExc_ValueError, "no pairing found");
            return NULL;
        }
        return Py_BuildValue("([][(ii)])", first, natural);
    }
    PyObject *plan = PyList_New(went_tiles / 2);
    if (plan == NULL) return NULL;
    Py_ssize_t at = 0;
    int offset = 0;
    for (int g = 0; g < went_count; g++) {
        for (int k = 0; k < went_size[g]; k += 2) {
            PyObject *pair = pair_tuple(went[offset + k], went[offset + k + 1]);
            if (pair == NULL) {
                Py_DECREF(plan);
                return NULL;
            }
            PyList_SET_ITEM(plan, at++, pair);
        }
        offset += went_size[g];
    }
    return Py_BuildValue("(N[])", plan);
}


static inline uint64_t splitmix64(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}


/* One random game: the board, its free tiles, and per face the tiles left and the free ones. */
typedef struct {
    Set board, free;
    int left[CLASSES], loose[CLASSES];
    uint64_t dirty; /* faces whose counts changed since their safe move was last looked for */
    int plan[MAX_TILES], planned;
} Game;

static void game_remove(const Tables *t, Game *g, const Set *removed) {
    int gone[MAX_TILES];
    int gone_count = set_list(removed, gone);
    Set near;
    memset(&near, 0, sizeof near);
    for (int k = 0; k < gone_count; k++) {
        int c = t->cls[gone[k]];
        g->left[c]--;
        g->loose[c]--;
        g->dirty |= (uint64_t)1 << c;
        for (int w = 0; w < WORDS; w++) near.w[w] |= t->near[gone[k]].w[w];
    }
    for (int w = 0; w < WORDS; w++) {
        g->board.w[w] &= ~removed->w[w];
        g->free.w[w] &= ~removed->w[w];
        near.w[w] &= g->board.w[w] & ~g->free.w[w];
    }
    int candidates[MAX_TILES];
    int candidate_count = set_list(&near, candidates);
    for (int k = 0; k < candidate_count; k++) {
        int i = candidates[k];
        if (is_free(t, &g->board, i)) {
            set_add(&g->free, i);
            g->loose[t->cls[i]]++;
            g->dirty |= (uint64_t)1 << t->cls[i];
        }
    }
}

/* One random game from ``start`` into ``g``: how many tiles it leaves (0: it clears the board). */
static int play_game(const Tables *t, const Game *start, const Set *members, uint64_t *state, Game *g) {
    memcpy(g, start, sizeof *g);
    for (;;) {
        /* safe moves: a face's last two tiles, or all four, when all are free */
        while (g->dirty) {
            int c = __builtin_ctzll(g->dirty);
            g->dirty &= g->dirty - 1;
            if ((g->left[c] == 2 || g->left[c] == 4) && g->loose[c] == g->left[c]) {
                Set rest;
                set_and(&rest, &members[c], &g->board);
                g->planned += set_list(&rest, g->plan + g->planned);
                game_remove(t, g, &rest);
            }
        }
        if (!set_any(&g->board)) return 0;
        /* the moves left: two free tiles of a face of four whose other two can still meet */
        int choices[6 * CLASSES][2];
        int choice_count = 0;
        for (int c = 0; c < CLASSES; c++) {
            if (g->left[c] != 4 || g->loose[c] < 2) continue;
            Set rest, loose;
            set_and(&rest, &members[c], &g->board);
            set_and(&loose, &rest, &g->free);
            int group[4], tiles[4];
            set_list(&rest, group);
            int k = set_list(&loose, tiles);
            for (int a = 0; a < k; a++) {
                for (int b = a + 1; b < k; b++) {
                    int other[2], o = 0;
                    for (int m = 0; m < 4; m++) {
                        if (group[m] != tiles[a] && group[m] != tiles[b]) other[o++] = group[m];
                    }
                    if (dead_pair(t, other[0], other[1])) continue;
                    choices[choice_count][0] = tiles[a];
                    choices[choice_count][1] = tiles[b];
                    choice_count++;
                }
            }
        }
        if (!choice_count) return set_count(&g->board);
        int *pick = choices[splitmix64(state) % (uint64_t)choice_count];
        Set pair;
        memset(&pair, 0, sizeof pair);
        set_add(&pair, pick[0]);
        set_add(&pair, pick[1]);
        g->plan[g->planned++] = pick[0];
        g->plan[g->planned++] = pick[1];
        game_remove(t, g, &pair);
    }
}

static PyObject *plan_list(const Game *g) {
    PyObject *result = PyList_New(g->planned / 2);
    if (result == NULL) return NULL;
    for (int k = 0; k < g->planned; k += 2) {
        PyObject *pair = pair_tuple(g->plan[k], g->plan[k + 1]);
        if (pair == NULL) {
            Py_DECREF(result);
            return NULL;
        }
        PyList_SET_ITEM(result, k / 2, pair);
    }
    return result;
}

/* playouts(tables, occupied, seed, tries, best=False) -> (plan | None, games played)
 *
 * Up to ``tries`` real games, each move chosen at random (SplitMix64 from ``seed``,
 * ``next % choices``) among two free tiles of a face of four whose other two tiles
 * can still be free together; safe moves (a face's last two, or all four, when all
 * are free; faces lowest first, again after each change) are made at once.  Returns
 * the first game that clears the board, or with ``best`` the game that leaves the
 * fewest tiles (the first of those; it plays all ``tries`` unless one clears).
 * leftover.py, _playouts_py, is the reference. */
static PyObject *playouts(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *blob, *occupied_obj;
    unsigned long long seed;
    int tries, best = 0;
    if (!PyArg_ParseTuple(args, "SO!Ki|p", &blob, &PyLong_Type, &occupied_obj, &seed, &tries, &best)) return NULL;
    Tables t;
    if (read_tables(blob, &t) < 0) return NULL;
    Game start;
    memset(&start, 0, sizeof start);
    if (read_tiles(occupied_obj, &t, &start.board) < 0) return NULL;
    Set members[CLASSES];
    memset(members, 0, sizeof members);
    for (int i = 0; i < t.n; i++) {
        if (!set_has(&start.board, i)) continue;
        if (t.cls[i] < 0) {
            PyErr_SetString(PyExc_ValueError, "an occupied tile has no face");
            return NULL;
        }
        int c = t.cls[i];
        set_add(&members[c], i);
        start.left[c]++;
        if (is_free(&t, &start.board, i)) {
            set_add(&start.free, i);
            start.loose[c]++;
        }
    }
    start.dirty = ((uint64_t)1 << CLASSES) - 1;
    uint64_t state = seed;
    Game games[2];
    Game *g = &games[0], *kept = &games[1];
    int fewest = -1, cleared_at = 0;
    /* `blob` (immutable bytes, which `t` points into) is kept alive by the call's arguments */
    Py_BEGIN_ALLOW_THREADS
    for (int attempt = 0; attempt < tries; attempt++) {
        int left = play_game(&t, &start, members, &state, g);
        if (!left) {
            cleared_at = attempt + 1;
            break;
        }
        if (best && (fewest < 0 || left < fewest)) {
            fewest = left;
            memcpy(kept, g, sizeof *kept);
        }
    }
    Py_END_ALLOW_THREADS
    PyObject *result;
    if (cleared_at) result = Py_BuildValue("(Ni)", plan_list(g), cleared_at);
    else if (fewest >= 0) result = Py_BuildValue("(Ni)", plan_list(kept), tries);
    else result = Py_BuildValue("(Oi)", Py_None, tries);
    return result;
}

/* The relaxed game of _Search._root_game, from ``start`` with ``designated``: how many tiles
   it leaves (0: it clears the board; -1: bad designations), and in ``met`` the faces two of
   whose tiles were ever free at once (``all`` holds each face's tiles on the root board). */
static int root_game_left(const Tables *t, const Set *start, const Set *all, const uint64_t *designated,
                          uint64_t *met) {
    int n = t->n;
    int partner[MAX_TILES];
    Set members[CLASSES];
    memset(members, 0, sizeof members);
    for (int i = 0; i < n; i++) {
        partner[i] = -1;
        if (set_has(start, i) && t->cls[i] >= 0) set_add(&members[t->cls[i]], i);
    }
    for (int c = 0; c < CLASSES; c++) {
        int tiles[MAX_TILES];
        int count = set_list(&members[c], tiles);
        if (count == 2) {
            partner[tiles[0]] = tiles[1];
            partner[tiles[1]] = tiles[0];
            continue;
        }
        int choice = (int)((designated[(2 * c) >> 6] >> ((2 * c) & 63)) & 3);
        if (!count || !choice) continue;
        /* as _Search._cells: the pairing of the face's tiles on the layout */
        int g[MAX_TILES];
        if (set_list(&all[c], g) != 4) return -1;
        pair_by_choice(partner, g, choice);
    }
    Set board = *start, free, seen;
    memset(&free, 0, sizeof free);
    memset(&seen, 0, sizeof seen);
    for (int i = 0; i < n; i++) {
        if (set_has(&board, i) && is_free(t, &board, i)) set_add(&free, i);
    }
    uint64_t opened = 0;
    *met = 0;
    for (;;) {
        if (!set_any(&board)) return 0;
        Set removed, fresh;
        memset(&removed, 0, sizeof removed);
        uint64_t touched = 0;
        for (int k = 0; k < WORDS; k++) {
            fresh.w[k] = free.w[k] & ~seen.w[k];
            seen.w[k] |= fresh.w[k];
        }
        int tiles[MAX_TILES];
        int count = set_list(&fresh, tiles);
        for (int k = 0; k < count; k++) {
            /* a face gets two tiles free at once only when one of them is new */
            int c = t->cls[tiles[k]];
            if (!((*met >> c) & 1)) {
                Set loose;
                set_and(&loose, &all[c], &free);
                if (set_count(&loose) >= 2) *met |= (uint64_t)1 << c;
            }
        }
        for (int k = 0; k < count; k++) {
            int i = tiles[k], p = partner[i];
            if (p < 0) {
                touched |= (uint64_t)1 << t->cls[i];
            } else if (set_has(&free, p)) {
                set_add(&removed, i);
                set_add(&removed, p);
            }
        }
        while (touched) {
            int c = __builtin_ctzll(touched);
            touched &= touched - 1;
            Set loose;
            set_and(&loose, &all[c], &free);
            if (set_count(&loose) >= 2 || (opened >> c) & 1) {
                opened |= (uint64_t)1 << c;
                for (int k = 0; k < WORDS; k++) removed.w[k] |= loose.w[k];
            }
        }
        if (!set_any(&removed)) return set_count(&board);
        for (int k = 0; k < WORDS; k++) board.w[k] &= ~removed.w[k];
        refresh(t, &board, &free, &removed);
    }
}

/* The games of shrink, on C values only (run without the interpreter lock): the first game's
   result (-1: bad designations, 0: it clears the board), ``reason`` made small in place, and in
   ``games`` how many were played. */
static int shrink_games(const Tables *t, const Set *root, const Set *all, const uint64_t *forced, uint64_t *reason,
                        const int *trail, Py_ssize_t trail_size, int *games) {
    uint64_t designated[2], met, trial_met;
    designated[0] = reason[0] | forced[0];
    designated[1] = reason[1] | forced[1];
    int first = root_game_left(t, root, all, designated, &met);
    if (first <= 0) return first;
    for (Py_ssize_t k = trail_size - 1; k >= 0; k--) {
        int c = trail[k];
        int word = (2 * c) >> 6, shift = (2 * c) & 63;
        if (!((reason[word] >> shift) & 3)) continue;
        uint64_t trial[2] = {reason[0], reason[1]};
        trial[word] &= ~((uint64_t)3 << shift);
        if (!((met >> c) & 1)) {
            /* stuck before the face mattered: the same game, lost */
            reason[0] = trial[0];
            reason[1] = trial[1];
            continue;
        }
        designated[0] = trial[0] | forced[0];
        designated[1] = trial[1] | forced[1];
        (*games)++;
        int lost = root_game_left(t, root, all, designated, &trial_met);
        if (lost < 0) return -1;
        if (lost) {
            reason[0] = trial[0];
            reason[1] = trial[1];
            met = trial_met;
        }
    }
    return first;
}

/* shrink(tables, root, forced, chosen, trail) -> (reason | None, games played)
 *
 * _Search._shrink after its check for learning: the part of the branching choices
 * ``chosen`` (packed pairings) that the relaxed game from the root still loses with,
 * each face of ``trail`` dropped in turn, latest first, when the game stays lost; None
 * when the game with all of ``chosen`` clears the board. */
static PyObject *shrink(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *blob, *root_obj, *forced_obj, *chosen_obj, *trail;
    if (!PyArg_ParseTuple(args, "SO!O!O!O!", &blob, &PyLong_Type, &root_obj, &PyLong_Type, &forced_obj,
                          &PyLong_Type, &chosen_obj, &PyList_Type, &trail))
        return NULL;
    Tables t;
    if (read_tables(blob, &t) < 0) return NULL;
    Set root;
    uint64_t forced[2], reason[2];
    if (read_tiles(root_obj, &t, &root) < 0 || read_words(forced_obj, forced, 2) < 0 ||
        read_words(chosen_obj, reason, 2) < 0)
        return NULL;
    Set all[CLASSES];
    memset(all, 0, sizeof all);
    for (int i = 0; i < t.n; i++) {
        if (t.cls[i] >= 0) set_add(&all[t.cls[i]], i);
    }
    /* the trail's faces as C ints first: the games below run without the interpreter lock */
    Py_ssize_t trail_size = PyList_GET_SIZE(trail);
    int *faces = PyMem_Malloc((size_t)(trail_size > 0 ? trail_size : 1) * sizeof(int));
    if (faces == NULL) return PyErr_NoMemory();
    for (Py_ssize_t k = 0; k < trail_size; k++) {
        long c = PyLong_AsLong(PyList_GET_ITEM(trail, k));
        if (c == -1 && PyErr_Occurred()) {
            PyMem_Free(faces);
            return NULL;
        }
        if (c < 0 || c >= CLASSES) {
            PyMem_Free(faces);
            goto bad;
        }
        faces[k] = (int)c;
    }
    int games = 1, lost;
    Py_BEGIN_ALLOW_THREADS
    lost = shrink_games(&t, &root, all, forced, reason, faces, trail_size, &games);
    Py_END_ALLOW_THREADS
    PyMem_Free(faces);
    if (lost < 0) goto bad;
    if (!lost) return Py_BuildValue("(Oi)", Py_None, games);
    PyObject *packed = int_from_words(reason, 2);
    if (packed == NULL) return NULL;
    return Py_BuildValue("(Ni)", packed, games);
bad:
    PyErr_SetString(PyExc_ValueError, "malformed choices");
    return NULL;
}
/* first_learnt(entries, chosen) -> packed | None
 *
 * _Search._first_learnt: the first learnt lost set of choices that ``chosen`` completes.
 * ``entries`` holds 32 bytes per set: its faces' fields (two little-endian 64-bit words),
 * then its choices (two more). */
static PyObject *first_learnt(PyObject *self, PyObject *args) {
    (void)self;
    Py_buffer entries;
    PyObject *chosen_obj;
    if (!PyArg_ParseTuple(args, "y*O!", &entries, &PyLong_Type, &chosen_obj)) return NULL;
    uint64_t chosen[2];
    if (entries.len % 32 || read_words(chosen_obj, chosen, 2) < 0) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "learnt sets are 32 bytes each");
        PyBuffer_Release(&entries);
        return NULL;
    }
    const unsigned char *data = entries.buf;
    Py_ssize_t count = entries.len / 32;
    for (Py_ssize_t k = 0; k < count; k++) {
        uint64_t words[4];
        memcpy(words, data + 32 * k, sizeof words);
        if ((chosen[0] & words[0]) == words[2] && (chosen[1] & words[1]) == words[3]) {
            PyBuffer_Release(&entries);
            return int_from_words(words + 2, 2);
        }
    }
    PyBuffer_Release(&entries);
    Py_RETURN_NONE;
}

/* relaxed_left(tables, occupied) -> int
 *
 * How many tiles the relaxed game from ``occupied``, nothing paired yet, leaves: no real play
 * leaves fewer (leftover.py, _relaxed_left_py, the reference). */
static PyObject *relaxed_left(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *blob, *occupied_obj;
    if (!PyArg_ParseTuple(args, "SO!", &blob, &PyLong_Type, &occupied_obj)) return NULL;
    Tables t;
    if (read_tables(blob, &t) < 0) return NULL;
    Set board;
    if (read_tiles(occupied_obj, &t, &board) < 0) return NULL;
    Set all[CLASSES];
    memset(all, 0, sizeof all);
    for (int i = 0; i < t.n; i++) {
        if (t.cls[i] >= 0) set_add(&all[t.cls[i]], i);
    }
    uint64_t none[2] = {0, 0}, met;
    return PyLong_FromLong(root_game_left(&t, &board, all, none, &met));
}

static PyMethodDef methods[] = {
    {"relaxed", relaxed, METH_VARARGS,
     "relaxed(tables, occupied, designated, activity): the solver's relaxed game (see solver.py)."},
    {"playouts", playouts, METH_VARARGS, "playouts(tables, occupied, seed, tries): (a plan found by random games or None, games played)."},
    {"shrink", shrink, METH_VARARGS, "shrink(tables, root, forced, chosen, trail): (the lost part of chosen or None, games played)."},
    {"first_learnt", first_learnt, METH_VARARGS, "first_learnt(entries, chosen): the first learnt lost set chosen completes, or None."},
    {"safe_moves", safe_moves, METH_VARARGS,
     "safe_moves(tables, occupied, free, designated): (pairs taken, occupied, free, designated) or None."},
    {"relaxed_left", relaxed_left, METH_VARARGS, "relaxed_left(tables, occupied): the tiles the relaxed game leaves."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_fastsolve", "The solver's inner loops, compiled (see _fastsolve.c).", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__fastsolve(void) { return PyModule_Create(&module); }
