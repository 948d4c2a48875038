/* fastsim: the solo hint engine at host speed, for research only (never on the device).

   A port of firmware/level10 (rules, the rule of thumb, sight, the hint search) to C,
   about a hundred times as fast as CPython, so that a change to the search can be
   measured on thousands of deals in seconds. It follows the Python move for move: the
   same state layout, the same Prng, the same order of legal moves and candidates, so a
   seeded game is the same game (tests/test_fastsim.py plays both and compares). The
   Python code is the product; this copy must follow it, not lead it.

   The weights and the search's constants are globals, set from the command line as
   NAME=value; tools/research/fastsim.py reads them from the firmware's source and passes them,
   so the defaults below are only for running the binary by hand.

   fastsim POLICY PAUSES FIRST LAST [NAME=value ...] [OUTLOOK=file]
     POLICY: rule (the rule of thumb alone), hint (the search at BUDGET), nest (a
     diagnostic: the first L2_UNTIL moves judged by play-outs of the hint engine itself),
     or trace-rule / trace-hint (one line of moves per deal, for the parity test).
     OUTLOOK: the firmware's outlook tables (level10/outlook_p0.py .. p3.py) as
     tools/research/fastsim.py writes them; without them every play-out goes to the end.
   Prints: wins W of N score S (S the sum of the deals' scores).
   fastsim fit PAUSES FIRST LAST [EPOCHS=n]: fits the outlook's tables for one difficulty
     (see fit_outlook) and prints a "win score" line per table entry. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <math.h>

typedef unsigned char u8;
typedef uint16_t u16;

enum { PLAYING = 0, WON = 1, LOST = 2, NO_SEAT = 255, RESET_CELL = 41, PAUSE_CELL = 42,
       PAUSE = 40, NONE = 63, SLOTS = 50 };
enum { AT_PLAYERS = 1, AT_PAUSES = 2, AT_START = 3, AT_TURN = 4, AT_STATUS = 5, AT_MOVES = 6,
       AT_HEAD = 7, AT_COUNT = 8, AT_CAP = 9, AT_HSIZE = 10, AT_SUPPLY = 11, AT_ROWVAL = 16,
       AT_HCOUNT = 21, AT_GRID = 26, AT_HANDS = 76 };
#define SMAX 128
static int SLEN; /* state length */

/* ---- prng ---- */
typedef struct { uint32_t x1, c1, x2, c2; } Prng;
static unsigned next16(Prng *p) {
    uint32_t t = 16380u * p->x1 + p->c1; p->x1 = t & 0xFFFF; p->c1 = t >> 16;
    t = 16365u * p->x2 + p->c2; p->x2 = t & 0xFFFF; p->c2 = t >> 16;
    return (p->x1 + p->x2) & 0xFFFF;
}
static void prng_init(Prng *p, uint32_t seed) {
    uint32_t lo = (seed & 0xFFFF) + 1, hi = ((seed >> 16) & 0xFFFF) + 1;
    p->x1 = lo & 0xFFFF; p->c1 = lo >> 16; p->x2 = hi & 0xFFFF; p->c2 = hi >> 16;
    for (int i = 0; i < 8; i++) next16(p);
}
static unsigned below(Prng *p, unsigned n) {
    unsigned limit = 65536 - 65536 % n, r = next16(p);
    while (r >= limit) r = next16(p);
    return r % n;
}

/* ---- rules ---- */
static void give(u8 *s, int seat, int c) {
    int base = AT_HANDS + seat * s[AT_HSIZE], i = base + s[AT_HCOUNT + seat];
    while (i > base && s[i - 1] > c) { s[i] = s[i - 1]; i--; }
    s[i] = c; s[AT_HCOUNT + seat]++;
}
static void take(u8 *s, int seat, int c) {
    int base = AT_HANDS + seat * s[AT_HSIZE], end = base + s[AT_HCOUNT + seat], i = base;
    while (s[i] != c) i++;
    while (i < end - 1) { s[i] = s[i + 1]; i++; }
    s[AT_HCOUNT + seat]--;
}
static void draw(u8 *s, int seat) {
    int ring = AT_HANDS + s[AT_PLAYERS] * s[AT_HSIZE], head = s[AT_HEAD];
    int c = s[ring + head];
    s[AT_HEAD] = (head + 1) % s[AT_CAP]; s[AT_COUNT]--; give(s, seat, c);
}
static void put_under(u8 *s, int seat, int c) {
    take(s, seat, c);
    int ring = AT_HANDS + s[AT_PLAYERS] * s[AT_HSIZE];
    s[ring + (s[AT_HEAD] + s[AT_COUNT]) % s[AT_CAP]] = c; s[AT_COUNT]++;
}
static int census(const u8 *s, int g) {
    int n = 0;
    for (int i = g; i < g + 50; i += 10) { int v = s[i]; if (v == RESET_CELL) n |= 8; else if (v) n++; }
    return n;
}
static int legal_moves(const u8 *s, u16 *out) {
    if (s[AT_STATUS] != PLAYING) return 0;
    int g = AT_GRID + s[AT_MOVES] / 5, cs = census(s, g), filled = cs & 7, has_reset = cs & 8;
    int seat = s[AT_TURN], base = AT_HANDS + seat * s[AT_HSIZE], hn = s[AT_HCOUNT + seat], n = 0;
    if (filled < 4) {
        int prev = 255;
        for (int i = base; i < base + hn; i++) {
            int c = s[i];
            if (c == prev) continue;
            prev = c;
            if (c == PAUSE) {
                int bury = s[AT_COUNT] == 0;
                for (int r = 0; r < 5; r++) if (s[g + r * 10] == 0) {
                    out[n++] = r | 0xFC00 | (PAUSE << 4);
                    if (bury) for (int j = base; j < base + hn; j++) { int b = s[j]; if (b >> 3 == r) out[n++] = r | (PAUSE << 4) | (b << 10); }
                }
            } else {
                int r = c >> 3;
                if (s[g + r * 10] == 0 && (c & 7) + 1 >= s[AT_ROWVAL + r]) out[n++] = r | (c << 4) | 0xFC00;
            }
        }
    }
    if (!has_reset) {
        int swap = s[AT_COUNT] > 0;
        for (int r = 0; r < 5; r++) {
            if (s[g + r * 10] != 0 || s[AT_SUPPLY + r] == 0) continue;
            out[n++] = r | 0xFFF8;
            if (!swap) continue;
            for (int i = 0; i < hn; i++) {
                int a = s[base + i];
                if (i && s[base + i - 1] == a) continue;
                out[n++] = r | 8 | (a << 4) | 0xFC00;
                for (int j = 0; j < hn; j++) {
                    int b = s[base + j];
                    if (j == i || (j && j - 1 != i && s[base + j - 1] == b)) continue;
                    out[n++] = r | 8 | (a << 4) | (b << 10);
                }
            }
        }
    }
    return n;
}
static int can_act(const u8 *s, int seat) {
    int col = s[AT_MOVES] / 5;
    if (col >= 10) return 0;
    int g = AT_GRID + col, cs = census(s, g);
    if (!(cs & 8)) for (int r = 0; r < 5; r++) if (s[g + r * 10] == 0 && s[AT_SUPPLY + r]) return 1;
    if ((cs & 7) < 4) {
        int base = AT_HANDS + seat * s[AT_HSIZE];
        for (int i = base; i < base + s[AT_HCOUNT + seat]; i++) {
            int c = s[i];
            if (c == PAUSE) return 1;
            int r = c >> 3;
            if (s[g + r * 10] == 0 && (c & 7) + 1 >= s[AT_ROWVAL + r]) return 1;
        }
    }
    return 0;
}
static void finish(u8 *s) {
    int placed = 0;
    for (int i = AT_GRID; i < AT_GRID + 50; i++) { int v = s[i]; if (v && v != PAUSE_CELL) placed++; }
    s[AT_STATUS] = placed == 50 ? WON : LOST;
}
static void settle(u8 *s, int seat) {
    for (int k = 0; k < s[AT_PLAYERS]; k++) {
        if (can_act(s, seat)) { s[AT_TURN] = seat; return; }
        if (s[AT_HCOUNT + seat]) { s[AT_TURN] = seat; s[AT_STATUS] = LOST; return; }
        seat = (seat + 1) % s[AT_PLAYERS];
    }
    s[AT_TURN] = NO_SEAT; finish(s);
}
static void apply(u8 *s, int m) {
    int seat = s[AT_TURN], r = m & 7, a = (m >> 4) & 63, b = (m >> 10) & 63;
    int at = AT_GRID + r * 10 + s[AT_MOVES] / 5;
    if (m & 8) {
        s[at] = RESET_CELL; s[AT_SUPPLY + r]--; s[AT_ROWVAL + r] = 0;
        int sw = 0;
        if (a != NONE) { put_under(s, seat, a); sw = 1; if (b != NONE) { put_under(s, seat, b); sw = 2; } }
        while (sw) { draw(s, seat); sw--; }
    } else {
        take(s, seat, a);
        if (a == PAUSE) {
            if (b != NONE) { take(s, seat, b); s[at] = PAUSE_CELL + 1 + b; } else s[at] = PAUSE_CELL;
        } else { s[at] = a + 1; s[AT_ROWVAL + r] = (a & 7) + 1; }
        if (s[AT_COUNT]) draw(s, seat);
    }
    int done = s[AT_MOVES] + 1;
    s[AT_MOVES] = done;
    if (done == SLOTS) { finish(s); s[AT_TURN] = NO_SEAT; }
    else if (s[AT_PLAYERS] == 5 && done % 5 == 0) settle(s, seat);
    else settle(s, (seat + 1) % s[AT_PLAYERS]);
}
static int paused_count(const u8 *s) {
    int p = 0;
    for (int i = AT_GRID; i < AT_GRID + 50; i++) if (s[i] >= PAUSE_CELL) p++;
    return p;
}
static const u8 BONUS_WON[4] = {0, 10, 30, 50}, BONUS_LOST[4] = {0, 5, 20, 40};
static int score(const u8 *s) {
    int level = 0, resets = 0, paused = 0;
    for (int i = AT_GRID; i < AT_GRID + 50; i++) {
        int v = s[i];
        if (!v) continue;
        if (v <= PAUSE) level++; else if (v == RESET_CELL) resets++; else { paused++; if (v > PAUSE_CELL) level++; }
    }
    int unused = s[AT_PAUSES] - paused;
    return level + resets + (s[AT_STATUS] == WON ? BONUS_WON : BONUS_LOST)[unused];
}
static void new_state(u8 *s, int pauses, const u8 *deck, int len) {
    int hsize = 10, dealt = 10, cap = len - dealt + 2;
    memset(s, 0, SMAX);
    SLEN = AT_HANDS + dealt + cap;
    s[0] = 1; s[AT_PLAYERS] = 1; s[AT_PAUSES] = pauses; s[AT_CAP] = cap; s[AT_HSIZE] = hsize;
    for (int r = 0; r < 5; r++) s[AT_SUPPLY + r] = 2;
    for (int i = 0; i < hsize; i++) give(s, 0, deck[i]);
    int ring = AT_HANDS + dealt;
    for (int j = 0; j < len - dealt; j++) s[ring + j] = deck[dealt + j];
    s[AT_COUNT] = len - dealt;
    settle(s, 0);
}
static int seeded_deck(u8 *deck, uint32_t seed, int pauses) {
    int len = 40 + pauses;
    for (int i = 0; i < len; i++) deck[i] = i < 40 ? i : PAUSE;
    Prng p; prng_init(&p, seed);
    for (int i = len - 1; i > 0; i--) { int j = below(&p, i + 1); u8 t = deck[i]; deck[i] = deck[j]; deck[j] = t; }
    return len;
}

/* ---- rule of thumb ---- */
int W_NOLIVE = 1000, W_HEIGHT = 6, W_STRANDED_HELD = 12, W_STRANDED_UNSEEN = 1, W_AHEAD = 1,
    W_SPARE = 1, W_LAST_HELD = 1, W_JUMP = -1, W_LIVE = 3, W_PLAY_LIVE = 3, W_DUMP_MIN = 6, W_DUMP_DEAD = 9, W_DUMP_GAP = 1,
    W_DUMP_BEHIND = 2, W_DUMP_PAUSE = 10;
/* hint */
int SURE = 15, FEW_DEALS = 4, PART = 4, WIN_BONUS = 100, MAX_CANDIDATES = 6, BUDGET = 500, LOOK_COLUMNS = 1, LOOK_COST = 1;

static u8 placed[5], held[5], live[5], low[5], paused;
static u8 BITS[256];

static void mark_placed(const u8 *s) {
    paused = 0;
    for (int r = 0; r < 5; r++) {
        int p = 0, g = AT_GRID + r * 10;
        for (int i = g; i < g + 10; i++) {
            int x = s[i];
            if (x >= PAUSE_CELL) paused++;
            if (x && x != RESET_CELL && x != PAUSE_CELL) p |= 1 << ((x <= 40 ? x - 1 : x - PAUSE_CELL - 1) & 7);
        }
        placed[r] = p;
    }
}
static int survey(const u8 *s, int seat) {
    int g = AT_GRID + s[AT_MOVES] / 5, filled = 0, has_reset = 0;
    for (int r = 0; r < 5; r++) {
        low[r] = 255; held[r] = 0; live[r] = 0;
        int x = s[g + r * 10];
        if (x == RESET_CELL) has_reset = 1; else if (x) filled++;
    }
    int hp = 0, base = AT_HANDS + seat * s[AT_HSIZE];
    for (int i = base; i < base + s[AT_HCOUNT + seat]; i++) {
        int c = s[i];
        if (c == PAUSE) { hp++; continue; }
        int r = c >> 3;
        held[r] |= 1 << (c & 7);
        if ((c & 7) + 1 >= s[AT_ROWVAL + r]) { live[r]++; if (low[r] == 255 && s[g + r * 10] == 0) low[r] = c; }
    }
    return hp | filled << 4 | has_reset << 8;
}
static int reset_desire(const u8 *s, int r) {
    int v = s[AT_ROWVAL + r];
    int below_ = v > 1 ? (1 << (v - 1)) - 1 : 0;
    int h = held[r];
    int unseen = ~(h | placed[r]) & 255;
    int ahead = ~(placed[r] | below_) & 255;
    int d = v * W_HEIGHT + BITS[h & below_] * W_STRANDED_HELD + BITS[unseen & below_] * W_STRANDED_UNSEEN
            - BITS[ahead] * W_AHEAD - live[r] * W_LIVE;
    if (low[r] == 255) d += W_NOLIVE;
    else d += BITS[unseen & ((1 << (low[r] & 7)) - 1) & ~below_ & 255] * W_JUMP;
    if (s[AT_SUPPLY + r] == 1) d -= BITS[h] * W_LAST_HELD; else d -= W_SPARE;
    return d;
}
static int reset_row(const u8 *s) {
    int g = AT_GRID + s[AT_MOVES] / 5, best = -(1 << 20), row = -1;
    for (int r = 0; r < 5; r++) {
        if (s[g + r * 10] || !s[AT_SUPPLY + r]) continue;
        int d = reset_desire(s, r);
        if (d > best) { best = d; row = r; }
    }
    return row;
}
/* the seat's held cards least needed soon were `row` reset, best first (after survey):
   a | b << 6 | c << 12, and << 18 how many of the first two reach W_DUMP_MIN
   (heuristic.ranked) */
static int ranked(const u8 *s, int seat, int row) {
    int a = NONE, b = NONE, c = NONE, sa = -1, sb = -1, sc = -1, d;
    int base = AT_HANDS + seat * s[AT_HSIZE];
    for (int i = base; i < base + s[AT_HCOUNT + seat]; i++) {
        int x = s[i];
        if (x == PAUSE) d = W_DUMP_PAUSE;
        else {
            int r = x >> 3, v = r == row ? 0 : s[AT_ROWVAL + r], n = (x & 7) + 1;
            if (n < v) d = s[AT_SUPPLY + r] ? 0 : W_DUMP_DEAD;
            else {
                int between = held[r] & ((1 << (n - 1)) - 1) & ~((1 << v) - 1);
                d = (n - v) * W_DUMP_GAP + BITS[between & 255] * W_DUMP_BEHIND;
            }
        }
        if (d > sa) { c = b; sc = sb; b = a; sb = sa; a = x; sa = d; }
        else if (d > sb) { c = b; sc = sb; b = x; sb = d; }
        else if (d > sc) { c = x; sc = d; }
    }
    return a | b << 6 | c << 12 | ((sa >= W_DUMP_MIN) + (sb >= W_DUMP_MIN)) << 18;
}
static int dumps(const u8 *s, int seat, int row) {
    if (!s[AT_COUNT]) return row | 0xFFF8;
    int k = ranked(s, seat, row), n = k >> 18;
    int a = n ? k & 63 : NONE, b = n > 1 ? (k >> 6) & 63 : NONE;
    return row | 8 | (a << 4) | (b << 10);
}
static int play_in(int r) { return r | (low[r] << 4) | 0xFC00; }

static int choose_(const u8 *s) {
    int seat = s[AT_TURN], k = survey(s, seat), hp = k & 15, filled = (k >> 4) & 15, has_reset = k >> 8;
    int g = AT_GRID + s[AT_MOVES] / 5, base = AT_HANDS + seat * s[AT_HSIZE], end = base + s[AT_HCOUNT + seat];
    if (hp && filled < 4 && !s[AT_COUNT]) {
        for (int i = base; i < end; i++) {
            int c = s[i];
            if (c == PAUSE) break;
            int r = c >> 3;
            if (s[g + r * 10] == 0 && (c & 7) + 1 < s[AT_ROWVAL + r] && !s[AT_SUPPLY + r]) return r | (PAUSE << 4) | (c << 10);
        }
    }
    int rr = has_reset ? -1 : reset_row(s);
    if (filled < 4) {
        int best = 1 << 20, row = -1;
        for (int r = 0; r < 5; r++) {
            if (r == rr || low[r] == 255) continue;
            int gap = ((low[r] & 7) + 1 - s[AT_ROWVAL + r]) * 16 - live[r] * W_PLAY_LIVE;
            if (gap < best) { best = gap; row = r; }
        }
        if (row >= 0) return play_in(row);
    }
    if (rr >= 0) return dumps(s, seat, rr);
    if (filled < 4) {
        for (int r = 0; r < 5; r++) if (low[r] != 255) return play_in(r);
        if (hp) for (int r = 0; r < 5; r++) if (s[g + r * 10] == 0) {
            int bury = NONE;
            if (!s[AT_COUNT]) for (int i = base; i < end; i++) if (s[i] >> 3 == r) { bury = s[i]; break; }
            return r | (PAUSE << 4) | (bury << 10);
        }
    }
    fprintf(stderr, "no move\n"); exit(3);
}
static int choose(const u8 *s) { mark_placed(s); return choose_(s); }
static int play_out(u8 *t, int stop) {
    mark_placed(t);
    int k = 0;
    while (t[AT_STATUS] == PLAYING && (t[AT_MOVES] < stop || !t[AT_COUNT])) {
        int m = choose_(t);
        apply(t, m);
        if (!(m & 8)) {
            int c = (m >> 4) & 63;
            if (c == PAUSE) { paused++; c = m >> 10; }
            if (c < PAUSE) placed[c >> 3] |= 1 << (c & 7);
        }
        k++;
    }
    return k;
}


/* ---- outlook: what the rest of a solo game is worth, from a table (firmware/level10/outlook.py) ---- */
enum { OUT_FEATURES = 2196, OUT_TERMS = 12, OUT_SIG = 129 };
static int OUT_WIN[4][OUT_FEATURES], OUT_SCORE[4][OUT_FEATURES], OUT_SIGMOID[OUT_SIG], out_loaded;
/* the table terms of a position (placed and paused current): five row cells (with the
   distance of the row's closest held card), then the column, the deck's size, pauses
   held, pauses placed, rows without a card to play, rows with one, and the constant */
static void outlook_terms(const u8 *s, int *idx) {
    int k = survey(s, 0), hp = k & 15, dry = 0, one = 0;
    for (int r = 0; r < 5; r++) {
        int v = s[AT_ROWVAL + r], below_ = v > 1 ? (1 << (v - 1)) - 1 : 0;
        int h = held[r], p = placed[r], u = ~(h | p) & 255;
        int a = live[r], bh = BITS[h & below_], bu = BITS[u & below_], c = BITS[u & ~below_ & 255];
        if (a > 3) a = 3;
        if (bh > 2) bh = 2;
        if (bu > 2) bu = 2;
        if (c > 4) c = 4;
        if (p != 255) { if (a == 0) dry++; else if (a == 1) one++; }
        int gap = low[r] == 255 ? 0 : (low[r] & 7) + 1 - v;
        if (gap > 3) gap = 3;
        idx[r] = ((((s[AT_SUPPLY + r] * 4 + a) * 3 + bh) * 3 + bu) * 5 + c) * 4 + gap;
    }
    int col = s[AT_MOVES] / 5, d = s[AT_COUNT];
    idx[5] = 2160 + (col > 9 ? 9 : col);
    idx[6] = 2170 + (d == 0 ? 0 : d < 6 ? 1 : d < 14 ? 2 : d < 24 ? 3 : 4);
    idx[7] = 2175 + (hp > 3 ? 3 : hp);
    idx[8] = 2179 + (paused > 3 ? 3 : paused);
    idx[9] = 2183 + dry; idx[10] = 2189 + one; idx[11] = 2195;
}
/* in sixteenths of a point: the expected score plus the win bonus times the chance of a win */
static int outlook(const u8 *s) {
    int idx[OUT_TERMS], z = 0, y = 0, p = s[AT_PAUSES];
    outlook_terms(s, idx);
    for (int i = 0; i < OUT_TERMS; i++) { z += OUT_WIN[p][idx[i]]; y += OUT_SCORE[p][idx[i]]; }
    int k = (z >> 3) + 64;
    return y + OUT_SIGMOID[k < 0 ? 0 : k > 128 ? 128 : k];
}
static void load_outlook(const char *path) {
    FILE *f = fopen(path, "r");
    if (!f) { perror(path); exit(2); }
    for (int p = 0; p < 4; p++) for (int i = 0; i < OUT_FEATURES; i++)
        if (fscanf(f, "%d %d", &OUT_WIN[p][i], &OUT_SCORE[p][i]) != 2) { fprintf(stderr, "%s: short table\n", path); exit(2); }
    for (int i = 0; i < OUT_SIG; i++) if (fscanf(f, "%d", &OUT_SIGMOID[i]) != 1) { fprintf(stderr, "%s: short sigmoid\n", path); exit(2); }
    fclose(f);
    out_loaded = 1;
}
/* fit: the tables for one difficulty from the rule of thumb's own games on deals
   first..last, sampled where a column starts with cards in the deck: log-odds of a win
   by logistic regression, the score by least squares, both by Adagrad over EPOCHS
   passes (the order shuffled by the game's own Prng, so a fit is the same every run) */
static void fit_outlook(int pauses, long first, long last, int epochs) {
    long cap = (last - first + 1) * 10, n = 0;
    u16 *ix = malloc(cap * OUT_TERMS * sizeof(u16));
    u8 *won = malloc(cap), *sc = malloc(cap);
    long *order = malloc(cap * sizeof(long));
    if (!ix || !won || !sc || !order) { fprintf(stderr, "out of memory\n"); exit(3); }
    for (long sd = first; sd <= last; sd++) {
        u8 s[SMAX], deck[48];
        int len = seeded_deck(deck, (uint32_t)sd, pauses);
        new_state(s, pauses, deck, len);
        long n0 = n;
        while (s[AT_STATUS] == PLAYING) {
            if (s[AT_MOVES] % 5 == 0 && s[AT_MOVES] && s[AT_COUNT] && n < cap) {
                int idx[OUT_TERMS];
                mark_placed(s); outlook_terms(s, idx);
                for (int i = 0; i < OUT_TERMS; i++) ix[n * OUT_TERMS + i] = idx[i];
                n++;
            }
            apply(s, choose(s));
        }
        for (long j = n0; j < n; j++) { won[j] = s[AT_STATUS] == WON; sc[j] = score(s); }
    }
    static double wz[OUT_FEATURES], ws[OUT_FEATURES], gz[OUT_FEATURES], gs[OUT_FEATURES];
    double mean = 0;
    for (long j = 0; j < n; j++) { mean += sc[j]; order[j] = j; }
    mean /= n;
    for (int i = 0; i < OUT_FEATURES; i++) { wz[i] = ws[i] = 0; gz[i] = gs[i] = 1e-8; }
    Prng rng; prng_init(&rng, 12345);
    for (int e = 0; e < epochs; e++) {
        for (long j = n - 1; j > 0; j--) {
            long k = ((long)next16(&rng) << 16 | next16(&rng)) % (j + 1), t = order[j];
            order[j] = order[k]; order[k] = t;
        }
        double loss = 0, se = 0;
        for (long q = 0; q < n; q++) {
            long j = order[q];
            const u16 *id = ix + j * OUT_TERMS;
            double z = 0, y = 0;
            for (int i = 0; i < OUT_TERMS; i++) { z += wz[id[i]]; y += ws[id[i]]; }
            double p = 1 / (1 + exp(-z)), ez = p - won[j], ey = y - (sc[j] - mean);
            loss -= log(won[j] ? p + 1e-12 : 1 - p + 1e-12);
            se += ey * ey;
            for (int i = 0; i < OUT_TERMS; i++) {
                int f = id[i];
                gz[f] += ez * ez; wz[f] -= 0.1 * ez / sqrt(gz[f]);
                gs[f] += ey * ey; ws[f] -= 0.4 * ey / sqrt(gs[f]);
            }
        }
        fprintf(stderr, "pauses %d pass %d: %ld positions, log loss %.4f, score error %.2f\n",
                pauses, e + 1, n, loss / n, sqrt(se / n));
    }
    ws[OUT_FEATURES - 1] += mean; /* the last entry is the constant term */
    for (int i = 0; i < OUT_FEATURES; i++) printf("%ld %ld\n", lround(wz[i] * 64), lround(ws[i] * 16));
    free(ix); free(won); free(sc); free(order);
}

/* ---- game with history ---- */
typedef struct { u8 s[SMAX], first[SMAX]; u16 hist[64]; int played; } Game;

/* ---- sight (solo) ---- */
typedef struct { u8 depth[64]; int ndepth; u8 pool[48]; int hidden; } Sight;
static void sight_init(Sight *v, const Game *gm) {
    const u8 *s = gm->s;
    memset(v->depth, 0, sizeof v->depth);
    v->ndepth = s[AT_COUNT];
    /* remember */
    int count = gm->first[AT_COUNT], drawn = 0, kept = 0;
    int pos[100], card[100];
    for (int i = 0; i < gm->played; i++) {
        int m = gm->hist[i];
        if (m & 8) {
            if (count) {
                int under = 0, cs[2] = {(m >> 4) & 63, (m >> 10) & 63};
                for (int q = 0; q < 2; q++) if (cs[q] != 63) { pos[kept] = drawn + count + under; card[kept] = cs[q]; kept++; under++; }
                drawn += under;
            }
        } else if (count) { drawn++; count--; }
    }
    for (int k = 0; k < kept; k++) { int d = pos[k] - drawn; if (d >= 0 && d < v->ndepth) v->depth[d] = card[k] + 1; }
    u8 mine[41]; memset(mine, 0, sizeof mine);
    int base = AT_HANDS, pauses = s[AT_PAUSES];
    for (int i = base; i < base + s[AT_HCOUNT]; i++) { int c = s[i]; if (c == PAUSE) pauses--; else mine[c] = 1; }
    for (int i = AT_GRID; i < AT_GRID + 50; i++) {
        int x = s[i];
        if (x == 0 || x == RESET_CELL) continue;
        if (x <= 40) mine[x - 1] = 1; else { pauses--; if (x > PAUSE_CELL) mine[x - PAUSE_CELL - 1] = 1; }
    }
    for (int d = 0; d < v->ndepth; d++) if (v->depth[d]) { if (v->depth[d] - 1 == PAUSE) pauses--; else mine[v->depth[d] - 1] = 1; }
    int n = 0;
    for (int c = 0; c < 40; c++) if (!mine[c]) v->pool[n++] = c;
    for (int q = 0; q < pauses; q++) v->pool[n++] = PAUSE;
    v->hidden = n;
}
static void sight_deal(const Sight *v, const u8 *s, Prng *rng, u8 *out) {
    memcpy(out, s, SLEN);
    u8 w[48]; memcpy(w, v->pool, v->hidden);
    for (int i = v->hidden - 1; i > 0; i--) { int j = below(rng, i + 1); u8 t = w[i]; w[i] = w[j]; w[j] = t; }
    int used = 0, ring = AT_HANDS + s[AT_HSIZE], cap = s[AT_CAP], head = s[AT_HEAD];
    for (int d = 0; d < s[AT_COUNT]; d++) {
        int k = v->depth[d], c = k ? k - 1 : w[used++];
        out[ring + (head + d) % cap] = c;
    }
}

/* ---- hint ---- */
long last_sims;
static int n_out;
static void add(int *out, int m, const u16 *buf, int n) {
    if (n_out >= MAX_CANDIDATES) return;
    for (int i = 0; i < n_out; i++) if (out[i] == m) return;
    for (int i = 0; i < n; i++) if (buf[i] == m) { out[n_out++] = m; return; }
}
static int has_reset_in(const int *out, int r) {
    for (int i = 0; i < n_out; i++) if ((out[i] & 8) && (out[i] & 7) == r) return 1;
    return 0;
}
static int candidates(const u8 *s, int seat, int first, const u16 *buf, int n, int *out) {
    n_out = 0; out[n_out++] = first;
    mark_placed(s);
    int k = survey(s, seat), hp = k & 15, filled = (k >> 4) & 15, has_reset = k >> 8;
    int g = AT_GRID + s[AT_MOVES] / 5;
    if (!has_reset) {
        int row;
        if (first & 8) {
            row = first & 7;
            add(out, row | 0xFFF8, buf, n);
        } else {
            row = reset_row(s);
            if (row >= 0) add(out, dumps(s, seat, row), buf, n);
        }
        if (row >= 0 && s[AT_COUNT]) {
            /* the same reset keeping the rule's second choice: its first and third go under */
            int k = ranked(s, seat, row);
            add(out, row | 8 | (k & 63) << 4 | ((k >> 12) & 63) << 10, buf, n);
        }
        for (int q = 0; q < 2; q++) {
            int best = -(1 << 20), rb = -1;
            for (int r = 0; r < 5; r++) {
                if (s[g + r * 10] || !s[AT_SUPPLY + r] || has_reset_in(out, r)) continue;
                int d = reset_desire(s, r);
                if (d > best) { best = d; rb = r; }
            }
            if (rb >= 0) add(out, dumps(s, seat, rb), buf, n);
        }
    }
    if (hp && filled < 4 && !s[AT_COUNT]) {
        int base = AT_HANDS + seat * s[AT_HSIZE];
        for (int i = base; i < base + s[AT_HCOUNT + seat]; i++) {
            int c = s[i];
            if (c != PAUSE) add(out, (c >> 3) | (PAUSE << 4) | (c << 10), buf, n);
        }
    }
    return n_out;
}
static u8 stack_[60][SMAX];
static u16 lists[60][600];
static long left_;
static int best_(int d) {
    u8 *t = stack_[d];
    if (t[AT_STATUS] != PLAYING) return score(t) + (t[AT_STATUS] == WON ? WIN_BONUS : 0);
    int g = AT_GRID + t[AT_MOVES] / 5, row = 0;
    while (t[g + row * 10]) row++;
    u16 *buf = lists[d];
    int n = legal_moves(t, buf), best = 0;
    u8 *u = stack_[d + 1];
    for (int i = 0; i < n; i++) {
        int m = buf[i];
        if ((m & 7) != row) continue;
        if (left_ <= 0) { left_ = -1; return best; }
        memcpy(u, t, SLEN); apply(u, m); left_--;
        int v = best_(d + 1);
        if (v > best) {
            best = v;
            if (v >= WIN_BONUS + 50 + BONUS_WON[t[AT_PAUSES] - paused_count(t)]) break;
        }
    }
    return best;
}
static int endgame(const u8 *s, const int *cands, int nc, long budget) {
    left_ = budget;
    int best_m = -1, best_v = -1;
    for (int i = 0; i < nc; i++) {
        u8 *t = stack_[1];
        memcpy(t, s, SLEN); apply(t, cands[i]); left_--;
        int v = best_(1);
        if (left_ < 0) return -1;
        if (v > best_v) { best_v = v; best_m = cands[i]; }
    }
    last_sims = budget - left_;
    return best_v >= WIN_BONUS ? best_m : -1;
}
static void halve(const long *total, u8 *alive, int nc) {
    int best = -1;
    for (int i = 1; i < nc; i++) if (alive[i] && (best < 0 || total[i] > total[best])) best = i;
    for (int i = 1; i < nc; i++) if (i != best) alive[i] = 0;
}
static long isqrt_(long n) {
    if (n < 2) return n;
    long x = n, y = (x + 1) >> 1;
    while (y < x) { x = y; y = (x + n / x) >> 1; }
    return x;
}
/* the alternative surely better than the proposal: 10 x n x (its mean gain less SURE/10
   standard errors) above nothing, the best such; else 0 (hint.py's _surest) */
static int surest(const u8 *alive, const long *gain, const long *gain2, int nc, int deals, int hidden) {
    if (deals < 2 && hidden) return 0;
    int best = 0; long top = 0;
    for (int i = 1; i < nc; i++) {
        if (!alive[i]) continue;
        long m = 10 * gain[i] - SURE * isqrt_(gain2[i] - gain[i] * gain[i] / deals);
        if (m > top) { top = m; best = i; }
    }
    return best;
}
static int suggest(Game *gm, long budget, uint32_t seed) {
    u8 *s = gm->s;
    u16 buf[600];
    int n = legal_moves(s, buf);
    last_sims = 0;
    int first = choose(s);
    if (n == 1) return buf[0];
    int cands[8];
    int nc = candidates(s, 0, first, buf, n, cands);
    if (nc == 1) return first;
    if (!s[AT_COUNT]) { int m = endgame(s, cands, nc, budget); if (m >= 0) return m; }
    Sight v; sight_init(&v, gm);
    long total[8] = {0}, gain[8] = {0}, gain2[8] = {0}, v0 = 0;
    u8 alive[8]; memset(alive, 1, sizeof alive); /* 0 once dropped: a total can be below 0 */
    Prng rng; prng_init(&rng, (seed * 50 + s[AT_MOVES]) & 0x3FFFFFFF);
    u8 deal[SMAX], t[SMAX];
    long used = 0; int deals = 0, halved = 0;
    /* with cards in the deck, play-outs stop LOOK_COLUMNS columns after this one and the
       outlook table judges the rest (hint.py does so solo only; this port is solo) */
    int stop = out_loaded && s[AT_COUNT] ? (s[AT_MOVES] / 5 + 1 + LOOK_COLUMNS) * 5 : SLOTS;
    while (used < budget) {
        sight_deal(&v, s, &rng, deal); deals++;
        for (int i = 0; i < nc; i++) {
            if (!alive[i]) continue;
            memcpy(t, deal, SLEN); apply(t, cands[i]);
            used += 1 + play_out(t, stop);
            long val;
            if (t[AT_STATUS] == PLAYING) { used += LOOK_COST; val = outlook(t); }
            else val = 16 * (score(t) + (t[AT_STATUS] == WON ? WIN_BONUS : 0));
            total[i] += val;
            if (i) { long d = (val - v0) >> 2; gain[i] += d; gain2[i] += d * d; } else v0 = val;
        }
        if (!v.hidden) break;
        if (deals <= FEW_DEALS && used * PART >= budget && !halved) { halve(total, alive, nc); halved = 1; }
    }
    last_sims = used;
    return cands[surest(alive, gain, gain2, nc, deals, v.hidden)];
}


/* ---- nest: a diagnostic, not a player to ship. Up to move L2_UNTIL (deck not empty) the
   candidates are the hint engine's own move and the search's usual alternatives, each
   played out on L2_DEALS imagined deals by the hint engine at L2_INNER simulated moves a
   move: a judge as strong as the hint engine, at hundreds of times its cost. An
   alternative replaces the hint engine's move when its total is L2_LEAD above, or with
   L2_SURE when it is surely better, as the solo search decides (surest). ---- */
int EPOCHS = 6, L2_DEALS = 16, L2_UNTIL = 30, L2_LEAD = 0, L2_INNER = 500, L2_SURE = 0;
static int play_hint_from(Game *g, uint32_t seed) {
    while (g->s[AT_STATUS] == PLAYING) {
        int m = suggest(g, L2_INNER, seed);
        apply(g->s, m); g->hist[g->played++] = m;
    }
    return score(g->s) + (g->s[AT_STATUS] == WON ? WIN_BONUS : 0);
}
static int suggest2(Game *gm, uint32_t seed) {
    u8 *s = gm->s;
    if (s[AT_MOVES] >= L2_UNTIL || !s[AT_COUNT]) return suggest(gm, BUDGET, seed);
    u16 buf[600];
    int n = legal_moves(s, buf);
    if (n == 1) return buf[0];
    int prop = suggest(gm, BUDGET, seed);
    int first = choose(s), c0[8], cands[8], nc = 1;
    int k0 = candidates(s, 0, first, buf, n, c0);
    cands[0] = prop;
    for (int i = 0; i < k0; i++) if (c0[i] != prop) cands[nc++] = c0[i];
    Sight v; sight_init(&v, gm);
    long total[8] = {0}, gain[8] = {0}, gain2[8] = {0}, v0 = 0;
    u8 alive[8]; memset(alive, 1, sizeof alive);
    Prng rng; prng_init(&rng, (seed * 77 + s[AT_MOVES] + 12345) & 0x3FFFFFFF);
    static Game t;
    u8 deal[SMAX];
    for (int d = 0; d < L2_DEALS; d++) {
        sight_deal(&v, s, &rng, deal);
        for (int i = 0; i < nc; i++) {
            memcpy(&t, gm, sizeof t); memcpy(t.s, deal, SLEN);
            apply(t.s, cands[i]); t.hist[t.played++] = cands[i];
            long val = 16 * play_hint_from(&t, seed * 131 + d * 7 + 1); /* the search's unit */
            total[i] += val;
            if (i) { long g = (val - v0) >> 2; gain[i] += g; gain2[i] += g * g; } else v0 = val;
        }
    }
    if (L2_SURE) return cands[surest(alive, gain, gain2, nc, L2_DEALS, v.hidden)];
    int best = 0; long lead = 16 * L2_LEAD;
    for (int i = 1; i < nc; i++) if (total[i] > total[best] + lead) { best = i; lead = 0; }
    return cands[best];
}

/* ---- driver ---- */
static int play_game(uint32_t seed, int pauses, int kind, long budget, int *sc, int trace) {
    Game gm; u8 deck[48];
    int len = seeded_deck(deck, seed, pauses);
    new_state(gm.s, pauses, deck, len);
    memcpy(gm.first, gm.s, SMAX); gm.played = 0;
    u16 buf[600];
    while (gm.s[AT_STATUS] == PLAYING) {
        int m = kind == 0 ? choose(gm.s) : kind == 2 ? suggest2(&gm, seed) : suggest(&gm, budget, seed);
        int n = legal_moves(gm.s, buf), ok = 0;
        for (int i = 0; i < n; i++) if (buf[i] == m) ok = 1;
        if (!ok) { fprintf(stderr, "illegal move %d deal %u\n", m, seed); exit(4); }
        if (trace) printf("%d ", m);
        apply(gm.s, m); gm.hist[gm.played++] = m;
    }
    if (trace) printf("| %d %d\n", gm.s[AT_STATUS], score(gm.s));
    *sc = score(gm.s);
    return gm.s[AT_STATUS] == WON;
}

struct { const char *name; int *p; } PARAMS[] = {
    {"W_NOLIVE", &W_NOLIVE}, {"W_HEIGHT", &W_HEIGHT}, {"W_STRANDED_HELD", &W_STRANDED_HELD},
    {"W_STRANDED_UNSEEN", &W_STRANDED_UNSEEN}, {"W_AHEAD", &W_AHEAD}, {"W_SPARE", &W_SPARE},
    {"W_LAST_HELD", &W_LAST_HELD}, {"W_JUMP", &W_JUMP}, {"W_LIVE", &W_LIVE}, {"W_PLAY_LIVE", &W_PLAY_LIVE}, {"W_DUMP_MIN", &W_DUMP_MIN},
    {"W_DUMP_DEAD", &W_DUMP_DEAD}, {"W_DUMP_GAP", &W_DUMP_GAP}, {"W_DUMP_BEHIND", &W_DUMP_BEHIND},
    {"W_DUMP_PAUSE", &W_DUMP_PAUSE}, {"SURE", &SURE}, {"FEW_DEALS", &FEW_DEALS}, {"PART", &PART},
    {"WIN_BONUS", &WIN_BONUS}, {"MAX_CANDIDATES", &MAX_CANDIDATES}, {"BUDGET", &BUDGET}, {"LOOK_COLUMNS", &LOOK_COLUMNS}, {"LOOK_COST", &LOOK_COST}, {"EPOCHS", &EPOCHS}, {"L2_DEALS", &L2_DEALS}, {"L2_UNTIL", &L2_UNTIL}, {"L2_LEAD", &L2_LEAD}, {"L2_INNER", &L2_INNER}, {"L2_SURE", &L2_SURE}, {0, 0}};

int main(int argc, char **argv) {
    for (int i = 0; i < 256; i++) BITS[i] = __builtin_popcount(i);
    if (argc < 5) { fprintf(stderr, "fastsim rule|hint|nest|trace-rule|trace-hint|fit PAUSES FIRST LAST [NAME=value ...] [OUTLOOK=file]\n"); return 2; }
    int kind = !strcmp(argv[1], "fit") ? 0 : strstr(argv[1], "nest") ? 2 : strstr(argv[1], "hint") ? 1 : strstr(argv[1], "rule") ? 0 : -1, trace = strncmp(argv[1], "trace", 5) == 0;
    if (kind < 0) { fprintf(stderr, "unknown policy %s\n", argv[1]); return 2; }
    int pauses = atoi(argv[2]);
    if (pauses < 0 || pauses > 3) { fprintf(stderr, "pauses must be 0 to 3\n"); return 2; } long a = atol(argv[3]), b = atol(argv[4]);
    for (int i = 5; i < argc; i++) {
        char *eq = strchr(argv[i], '=');
        if (!eq) { fprintf(stderr, "bad %s\n", argv[i]); return 2; }
        *eq = 0; int found = 0;
        if (!strcmp(argv[i], "OUTLOOK")) { load_outlook(eq + 1); continue; }
        for (int k = 0; PARAMS[k].name; k++) if (!strcmp(PARAMS[k].name, argv[i])) { *PARAMS[k].p = atoi(eq + 1); found = 1; }
        if (!found) { fprintf(stderr, "unknown %s\n", argv[i]); return 2; }
    }
    if (!strcmp(argv[1], "fit")) { fit_outlook(pauses, a, b, EPOCHS); return 0; }
    long wins = 0, scores = 0;
    for (long sd = a; sd <= b; sd++) {
        int sc; wins += play_game((uint32_t)sd, pauses, kind, BUDGET, &sc, trace); scores += sc;
    }
    printf("wins %ld of %ld score %ld\n", wins, b - a + 1, scores);
    return 0;
}
