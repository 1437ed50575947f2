/*
 * The Sphinx solver's search (handheld/games/sphinx/solver.py, Solver._nega),
 * in C, for building the opening book offline: `make sphinx-book` compiles
 * it and book_build.py runs it. It is the same negamax, move by
 * move: null windows, a bound table keyed by stones + mask, only moves that do
 * not hand the opponent an immediate win, the same move order, claimeven and
 * baseinverse (Solver._follower_result, _leader_result) and the enhanced
 * transposition cutoff. Only the table differs: a fixed-size array that
 * overwrites on collision, where the Python dict empties itself when full.
 * The Python solver takes about 200,000 nodes a second; this one about
 * 5 million, which is what makes positions 3 moves into the 7 x 7 game
 * (37 million to several billion nodes) reachable.
 * tests/sphinx/test_sphinx_book.py checks its answers against solver.py.
 *
 * Board: 7 x 7 only. Input: one position a line, as 1-based columns played
 * from the empty board ("425"). Output, a line each:
 *     MOVES RESULT COLUMN NODES SECONDS
 * RESULT is 1, 0 or -1 (the side to move wins, draws or loses); COLUMN a
 * 1-based column that keeps RESULT, 0 when RESULT is -1; both are "?" when
 * the search passed MAX_NODES. Lines that are not a legal, unfinished
 * game before the last move print "MOVES bad".
 *
 * Usage: book_solver [TABLE_BITS [MAX_NODES]]
 *   TABLE_BITS  log2 of the bound table's entries (default 26: 1 GiB)
 *   MAX_NODES   give up on a position past this many nodes (default: never)
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

typedef uint64_t u64;

#define W 7
#define H 7
#define STRIDE (H + 1)             /* a sentinel bit on top of every column */
#define CELLS (W * H)
#define MIN_SCORE (-(CELLS / 2) - 1)
#define SPAN (CELLS + 4)           /* upper bound u stored as u - MIN_SCORE, lower l as l - MIN_SCORE + SPAN */
#define UNKNOWN (~0ULL)            /* "not computed yet" for a set of squares */
#define NO_RESULT 99

static u64 BOTTOM, FULL, COLUMN[W], LOWER_ROWS, UPPER_ROWS;
static const int ORDER[W] = {3, 2, 4, 1, 5, 0, 6};     /* centre first, left before right */

static u64 nodes, max_nodes = ~0ULL;
static int out_of_nodes;

typedef struct { u64 key; int8_t entry; } slot;
static slot *table;
static unsigned table_bits = 26;

static inline int popcount(u64 x) { return __builtin_popcountll(x); }

/* empty squares where `p` would complete four (rules.py _make_wins) */
static inline u64 wins(u64 p, u64 mask)
{
    u64 r = (p << 1) & (p << 2) & (p << 3), x;
    x = (p << 8) & (p << 16);  r |= x & ((p << 24) | (p >> 8));
    x = (p >> 8) & (p >> 16);  r |= x & ((p << 8) | (p >> 24));
    x = (p << 9) & (p << 18);  r |= x & ((p << 27) | (p >> 9));
    x = (p >> 9) & (p >> 18);  r |= x & ((p << 9) | (p >> 27));
    x = (p << 7) & (p << 14);  r |= x & ((p << 21) | (p >> 7));
    x = (p >> 7) & (p >> 14);  r |= x & ((p << 7) | (p >> 21));
    return r & (FULL ^ mask);
}

static inline int has_four(u64 p)
{
    u64 m = p & (p >> 1);
    if (m & (m >> 2)) return 1;
    m = p & (p >> 8);
    if (m & (m >> 16)) return 1;
    m = p & (p >> 9);
    if (m & (m >> 18)) return 1;
    m = p & (p >> 7);
    return (m & (m >> 14)) != 0;
}

static inline slot *table_slot(u64 key) { return &table[(key * 0x9E3779B97F4A7C15ULL) >> (64 - table_bits)]; }

static inline int table_get(u64 key, int *entry)
{
    slot *s = table_slot(key);
    if (s->key != key) return 0;
    *entry = s->entry;
    return 1;
}

static inline void table_put(u64 key, int entry)
{
    slot *s = table_slot(key);
    s->key = key;
    s->entry = (int8_t)entry;
}

static int paired_fourless(u64 reach, u64 pair)
{
    u64 first = pair & -pair;
    return !has_four(reach ^ first) && !has_four(reach ^ pair ^ first);
}

static int follower_result(u64 follower, u64 mover, u64 empty, u64 lows)
{
    u64 reach = mover | (empty & LOWER_ROWS) | lows;
    if (has_four(reach) && (popcount(lows) != 2 || !paired_fourless(reach, lows))) return NO_RESULT;
    return has_four(follower | (empty & UPPER_ROWS & ~lows)) ? 1 : 0;
}

static int leader_result(u64 mover, u64 opp, u64 empty, u64 lows, u64 moves)
{
    u64 reach = opp | (empty & LOWER_ROWS) | lows, playable = lows & moves, square = 0;
    if (!has_four(reach)) {
        square = playable & -playable;
    } else if (popcount(lows) == 1) {
        if (playable && !has_four(reach ^ playable)) square = playable;
    } else if (popcount(lows) == 3) {
        for (u64 rest = playable; rest; ) {
            u64 bit = rest & -rest;
            rest ^= bit;
            if (paired_fourless(reach ^ bit, lows ^ bit)) { square = bit; break; }
        }
    }
    if (!square) return NO_RESULT;
    return has_four(mover | square | (empty & UPPER_ROWS & ~lows)) ? 1 : 0;
}

/* solver.py Solver._nega: the score for the side to move, who cannot win at once */
static int nega(u64 cur, u64 mask, int n, int alpha, int beta, u64 opp_win, u64 own_win)
{
    if (++nodes > max_nodes) { out_of_nodes = 1; return 0; }
    u64 possible = (mask + BOTTOM) & FULL;
    if (opp_win == UNKNOWN) opp_win = wins(cur ^ mask, mask);
    u64 forced = possible & opp_win;
    if (forced) {
        if (forced & (forced - 1)) return -((CELLS - n) / 2);
        possible = forced;
    }
    u64 moves = possible & ~(opp_win >> 1);
    if (!moves) return -((CELLS - n) / 2);
    if (n >= CELLS - 2) return 0;
    int low = -((CELLS - 2 - n) / 2);
    if (alpha < low) {
        alpha = low;
        if (alpha >= beta) return alpha;
    }
    int high = (CELLS - 1 - n) / 2;
    u64 opp = cur ^ mask, empty = FULL ^ mask, lows = (mask + BOTTOM) & UPPER_ROWS;
    if (!(popcount(lows) & 1)) {
        int ce = follower_result(opp, cur, empty, lows);
        if (ce != NO_RESULT) {
            high = -ce;
            if (alpha >= high) return high;
            if (beta > high) beta = high;
        }
    } else {
        int ce = leader_result(cur, opp, empty, lows, moves);
        if (ce != NO_RESULT) {
            if (ce >= beta) return ce;
            if (alpha < ce) alpha = ce;
        }
    }
    u64 key = cur + mask;
    int entry;
    if (table_get(key, &entry)) {
        if (entry >= SPAN) {
            int l = entry - SPAN + MIN_SCORE;
            if (alpha < l) {
                alpha = l;
                if (alpha >= beta) return alpha;
            }
        } else {
            high = entry + MIN_SCORE;
        }
    }
    if (beta > high) {
        beta = high;
        if (alpha >= beta) return beta;
    }
    int count = 0, rank[W];
    u64 child[W], made[W];
    if (moves & (moves - 1)) {
        if (own_win == UNKNOWN) own_win = wins(cur, mask);
        for (int i = 0; i < W; i++) {
            u64 bit = moves & COLUMN[ORDER[i]];
            if (!bit) continue;
            u64 m = wins(cur | bit, mask | bit);
            int r = 2 * popcount(m) - (((bit << 1) & own_win) != 0);
            int j = count++;                      /* insertion sort, stable: centre first on ties */
            for (; j > 0 && rank[j - 1] < r; j--) {
                rank[j] = rank[j - 1]; child[j] = child[j - 1]; made[j] = made[j - 1];
            }
            rank[j] = r; child[j] = moves & COLUMN[ORDER[i]]; made[j] = m;
        }
    } else {
        count = 1; child[0] = moves; made[0] = UNKNOWN;
    }
    for (int i = 0; i < count; i++) {
        int e;
        if (table_get(opp + (mask | child[i]), &e) && e < SPAN) {
            int v = -(e + MIN_SCORE);
            if (v >= beta) { table_put(key, v - MIN_SCORE + SPAN); return v; }
        }
    }
    for (int i = 0; i < count; i++) {
        int v = -nega(opp, mask | child[i], n + 1, -beta, -alpha, made[i], opp_win & ~child[i]);
        if (out_of_nodes) return 0;       /* nothing is stored from an unfinished search */
        if (v >= beta) { table_put(key, v - MIN_SCORE + SPAN); return v; }
        if (v > alpha) alpha = v;
    }
    table_put(key, alpha - MIN_SCORE);
    return alpha;
}

/* solver.py Solver.result: 1, 0 or -1 for the side to move */
static int result(u64 cur, u64 mask, int n)
{
    if (wins(cur, mask) & (mask + BOTTOM) & FULL) return 1;
    int win = nega(cur, mask, n, 0, 1, UNKNOWN, UNKNOWN) > 0;
    if (win || out_of_nodes) return 1;
    return nega(cur, mask, n, -1, 0, UNKNOWN, UNKNOWN) >= 0 ? 0 : -1;
}

/* solver.py Solver.proven_move_steps: a 1-based column keeping `at_least` (1 or 0) */
static int keeping_column(u64 cur, u64 mask, int n, int at_least)
{
    u64 possible = (mask + BOTTOM) & FULL;
    if (wins(cur, mask) & possible) {
        for (int i = 0; i < W; i++)
            if (wins(cur, mask) & possible & COLUMN[ORDER[i]]) return ORDER[i] + 1;
    }
    int count = 0, rank[W], col[W];
    for (int i = 0; i < W; i++) {            /* Solver._ordered: most winning squares made, then centre */
        u64 bit = possible & COLUMN[ORDER[i]];
        if (!bit) continue;
        int r = -popcount(wins(cur | bit, mask | bit)) * 16 + i;
        int j = count++;
        for (; j > 0 && rank[j - 1] > r; j--) { rank[j] = rank[j - 1]; col[j] = col[j - 1]; }
        rank[j] = r; col[j] = ORDER[i];
    }
    for (int i = 0; i < count; i++) {
        u64 bit = possible & COLUMN[col[i]], child_cur = cur ^ mask, child_mask = mask | bit;
        if (wins(child_cur, child_mask) & ((child_mask + BOTTOM) & FULL)) continue;
        if (child_mask == FULL) {
            if (at_least <= 0) return col[i] + 1;
            continue;
        }
        int t = nega(child_cur, child_mask, n + 1, -at_least, -at_least + 1, UNKNOWN, UNKNOWN);
        if (out_of_nodes) return 0;
        if (-t >= at_least) return col[i] + 1;
    }
    return 0;
}

/* the position after `moves`: 0 when legal and the game not over before the last move */
static int parse(const char *moves, u64 *cur, u64 *mask, int *n)
{
    u64 c = 0, m = 0;
    int k = 0;
    for (const char *s = moves; *s; s++) {
        int col = *s - '1';
        if (col < 0 || col >= W) return -1;
        u64 square = (m + (1ULL << (col * STRIDE))) & COLUMN[col] & ~m;
        if (!square) return -1;                /* column full */
        if (has_four(c ^ m)) return -1;        /* the game was already won */
        c |= square;
        m |= square;
        c ^= m;                                /* now the stones of the side to move */
        k++;
    }
    if (has_four(c ^ m) || m == FULL) return -1;
    *cur = c; *mask = m; *n = k;
    return 0;
}

int main(int argc, char **argv)
{
    if (argc > 1) table_bits = (unsigned)atoi(argv[1]);
    if (argc > 2) max_nodes = strtoull(argv[2], NULL, 10);
    if (table_bits < 10 || table_bits > 34) {
        fprintf(stderr, "book_solver: error: TABLE_BITS must be 10..34, not %s\n", argv[1]);
        return 2;
    }
    for (int c = 0; c < W; c++) {
        COLUMN[c] = ((1ULL << H) - 1) << (c * STRIDE);
        BOTTOM |= 1ULL << (c * STRIDE);
        FULL |= COLUMN[c];
    }
    for (int r = 0; r < H; r++) {              /* solver.py claimeven_rows */
        u64 row = 0;
        for (int c = 0; c < W; c++) row |= 1ULL << (c * STRIDE + r);
        if (r % 2 == H % 2) LOWER_ROWS |= row; else UPPER_ROWS |= row;
    }
    size_t size = ((size_t)1 << table_bits) * sizeof(slot);
    table = aligned_alloc(1 << 21, size);      /* huge pages: the table is read at random */
    if (!table) {
        fprintf(stderr, "book_solver: error: no memory for a table of 2^%u entries; give fewer TABLE_BITS\n", table_bits);
        return 2;
    }
    madvise(table, size, MADV_HUGEPAGE);
    memset(table, 0, size);
    char line[256];
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\r\n")] = 0;
        u64 cur, mask;
        int n;
        if (parse(line, &cur, &mask, &n) != 0) {
            printf("%s bad\n", line);
            fflush(stdout);
            continue;
        }
        clock_t t0 = clock();
        nodes = 0;
        out_of_nodes = 0;
        int r = result(cur, mask, n);
        int col = (!out_of_nodes && r >= 0) ? keeping_column(cur, mask, n, r) : 0;
        double seconds = (double)(clock() - t0) / CLOCKS_PER_SEC;
        if (out_of_nodes)
            printf("%s ? ? %llu %.1f\n", line, (unsigned long long)nodes, seconds);
        else
            printf("%s %d %d %llu %.1f\n", line, r, col, (unsigned long long)nodes, seconds);
        fflush(stdout);
    }
    return 0;
}
