/* rooms.c - the game's room scan (docs/rules.md §3 Normal step 4).
 *
 * A cell starts a room when it is a top-left corner: on the left border with
 * solid (wall or door) to its right, on the top border with solid below, or
 * elsewhere with solid on all four sides or on three including right and
 * below.  The cell itself may be floor: a floor cell closed on three sides
 * (the dead end of a one-wide corridor) starts a 2x2 entry, which is how the
 * game's list gets its small entries.  The last column and row start nothing.
 */
#include "rooms.h"

#include <stddef.h>
#include <string.h>

#include "cpu.h"

/* rooms_add for the scans, inlined: one store of the four bytes (all four
 * are map coordinates or sizes, below 256: no byte needs masking). */
static inline bool room_push(level_t *lv, int x, int y, int w, int h)
{
    if (lv->nrooms >= LEVEL_MAX_ROOMS) {
        lv->obs.failure = FAIL_TOO_MANY;
        return false;
    }
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    _Static_assert(sizeof(room_t) == 4 && offsetof(room_t, h) == 3, "x, y, w, h bytes");
    const uint32_t v = (uint32_t)x | (uint32_t)y << 8 | (uint32_t)w << 16 | (uint32_t)h << 24;
    memcpy(&lv->rooms[lv->nrooms++], &v, sizeof v);
#else
    lv->rooms[lv->nrooms++] = (room_t){(uint8_t)x, (uint8_t)y, (uint8_t)w, (uint8_t)h};
#endif
    return true;
}

bool rooms_add(level_t *lv, int x, int y, int w, int h)
{
    return room_push(lv, x, y, w, h);
}

/* Bits 2..GRID_W-1: the cells that start rooms by the interior rules. */
#define INNER_COLUMNS (((BITROW_BIT(GRID_W) - 1) >> 2) << 2)

void rooms_scan(level_t *lv)
{
    bitrow_t solid[GRID_H + 2];
    grid_mask_rows(&lv->map, CELLSET_SOLID, solid);
    rooms_scan_rows(lv, solid);
}

/* The starts of rows 1..GRID_H-1 as 64-bit words: word 2y is the low half
 * of row y (cells 0..63), word 2y+1 its high half (cells 64..79).  Returns
 * the words that hold a start, bit i for word i, so that the scans visit
 * every start in order (y, then x) in one loop over set bits, whose only
 * unpredictable branch is its end (a loop per row mispredicts at the end of
 * most rows).  Words 0, 1 and 2*GRID_H.. are not written. */
#define START_WORDS (2 * GRID_H)
_Static_assert(START_WORDS <= 64 && GRID_STRIDE <= 128, "a row is two words, a bit a word");

static uint64_t starts_plain(const bitrow_t solid[GRID_H + 2], uint64_t word[START_WORDS])
{
    uint64_t left = 0;
    for (int y = 1; y < GRID_H; y++) {
        const bitrow_t right = solid[y] >> 1; /* bit x: cell x+1 is solid */
        const bitrow_t inner = y == 1 ? solid[2] : right & solid[y + 1] &
                                                       ((solid[y] << 1) | solid[y - 1]);
        const bitrow_t st = (inner & INNER_COLUMNS) | (right & BITROW_BIT(1)); /* left border */
        word[2 * y] = (uint64_t)st;
        word[2 * y + 1] = (uint64_t)(st >> 64);
        left |= (uint64_t)(word[2 * y] != 0) << (2 * y);
        left |= (uint64_t)(word[2 * y + 1] != 0) << (2 * y + 1);
    }
    return left;
}

#if CPU_SIMD
/* One register a row: the one-cell shifts carry across the halves. */
static inline __m128i row_shl1(__m128i v)
{
    return _mm_or_si128(_mm_slli_epi64(v, 1), _mm_slli_si128(_mm_srli_epi64(v, 63), 8));
}
static inline __m128i row_shr1(__m128i v)
{
    return _mm_or_si128(_mm_srli_epi64(v, 1), _mm_srli_si128(_mm_slli_epi64(v, 63), 8));
}

static uint64_t starts_sse2(const bitrow_t solid[GRID_H + 2], uint64_t word[START_WORDS])
{
    const bitrow_t inner_row = INNER_COLUMNS, border_row = BITROW_BIT(1);
    const __m128i inner = _mm_loadu_si128((const __m128i *)(const void *)&inner_row);
    const __m128i border = _mm_loadu_si128((const __m128i *)(const void *)&border_row);
    const __m128i zero = _mm_setzero_si128();
#define ROW(y) _mm_loadu_si128((const __m128i *)(const void *)&solid[y])
    __m128i above = ROW(1), here = ROW(2);
    /* row 1: solid below, or the left border rule */
    __m128i st = _mm_or_si128(_mm_and_si128(here, inner), _mm_and_si128(row_shr1(above), border));
    uint64_t left = 0;
    for (int y = 1;; y++) {
        _mm_storeu_si128((__m128i *)(void *)&word[2 * y], st);
        /* a half is zero when both its 32-bit lanes are */
        __m128i z = _mm_cmpeq_epi32(st, zero);
        z = _mm_and_si128(z, _mm_shuffle_epi32(z, _MM_SHUFFLE(2, 3, 0, 1)));
        left |= (uint64_t)(_mm_movemask_pd(_mm_castsi128_pd(z)) ^ 3) << (2 * y);
        if (y + 1 == GRID_H)
            break;
        /* row y+1: the interior rules, then the left border rule */
        const __m128i below = ROW(y + 2), right = row_shr1(here);
        st = _mm_and_si128(_mm_and_si128(right, below),
                           _mm_and_si128(_mm_or_si128(row_shl1(here), above), inner));
        st = _mm_or_si128(st, _mm_and_si128(right, border));
        above = here;
        here = below;
    }
#undef ROW
    return left;
}

/* One-cell shifts of two rows at once, each 128-bit lane one row. */
CPU_AVX2_FN static inline __m256i rows_shl1(__m256i v)
{
    return _mm256_or_si256(_mm256_slli_epi64(v, 1), _mm256_slli_si256(_mm256_srli_epi64(v, 63), 8));
}
CPU_AVX2_FN static inline __m256i rows_shr1(__m256i v)
{
    return _mm256_or_si256(_mm256_srli_epi64(v, 1), _mm256_srli_si256(_mm256_slli_epi64(v, 63), 8));
}

/* starts_plain two rows a register: row 1 (its own rule) alone, then
 * rows 2..GRID_H-1 in pairs (the bit rows are 16 bytes, contiguous, so rows
 * y-1, y and y+1 of a pair are three unaligned loads); a pair's four words'
 * nonempty bits are one compare and movemask. */
CPU_AVX2_FN static uint64_t starts_avx2(const bitrow_t solid[GRID_H + 2], uint64_t word[START_WORDS])
{
    _Static_assert(GRID_H % 2 == 0 && sizeof(bitrow_t) == 16, "rows 2..GRID_H-1 in pairs");
    const bitrow_t inner_row = INNER_COLUMNS, border_row = BITROW_BIT(1);
#define ROW(y) _mm_loadu_si128((const __m128i *)(const void *)&solid[y])
#define ROWS(y) _mm256_loadu_si256((const __m256i *)(const void *)&solid[y])
    const __m128i inner1 = _mm_loadu_si128((const __m128i *)(const void *)&inner_row);
    const __m128i border1 = _mm_loadu_si128((const __m128i *)(const void *)&border_row);
    /* row 1: solid below, or the left border rule (cell 2 solid) */
    const __m128i r1 = ROW(1), right1 = _mm_or_si128(_mm_srli_epi64(r1, 1),
                                                     _mm_srli_si128(_mm_slli_epi64(r1, 63), 8));
    const __m128i st1 = _mm_or_si128(_mm_and_si128(ROW(2), inner1), _mm_and_si128(right1, border1));
    _mm_storeu_si128((__m128i *)(void *)&word[2], st1);
    uint64_t left = (uint64_t)(_mm_movemask_pd(_mm_castsi128_pd(
                                   _mm_cmpeq_epi64(st1, _mm_setzero_si128()))) ^ 3) << 2;
    const __m256i inner = _mm256_broadcastsi128_si256(inner1);
    const __m256i border = _mm256_broadcastsi128_si256(border1);
#pragma GCC unroll 9
    for (int y = 2; y < GRID_H; y += 2) {
        const __m256i here = ROWS(y), right = rows_shr1(here);
        const __m256i closed = _mm256_or_si256(rows_shl1(here), ROWS(y - 1)); /* left or up */
        const __m256i st = _mm256_or_si256(
            _mm256_and_si256(_mm256_and_si256(right, ROWS(y + 1)), _mm256_and_si256(closed, inner)),
            _mm256_and_si256(right, border));
        _mm256_storeu_si256((__m256i *)(void *)&word[2 * y], st);
        const int zero = _mm256_movemask_pd(
            _mm256_castsi256_pd(_mm256_cmpeq_epi64(st, _mm256_setzero_si256())));
        left |= (uint64_t)(zero ^ 15) << (2 * y);
    }
#undef ROW
#undef ROWS
    return left;
}
#endif

/* The starts by the path in force (cpu.h); the words are identical. */
static inline uint64_t starts(const bitrow_t solid[GRID_H + 2], uint64_t word[START_WORDS])
{
#if CPU_SIMD
    if (cpu_uses(CPU_AVX2))
        return starts_avx2(solid, word);
    if (cpu_uses(CPU_SSE2))
        return starts_sse2(solid, word);
#endif
    return starts_plain(solid, word);
}

/* The right edge of the room starting at (x, y): the first solid cell right
 * of x in the row below (the right border at the latest).  Without a branch
 * (which would mispredict whenever the edge lies in the other half than the
 * last room's): the cells > x of each half, then the low half's first one,
 * or when it has none the high half's (never empty: padding cell GRID_W+1
 * is solid). */
static inline int room_right(const bitrow_t solid[GRID_H + 2], int x, int y)
{
    const uint64_t lo = (uint64_t)solid[y + 1], hi = (uint64_t)(solid[y + 1] >> 64);
    const unsigned s = (unsigned)x + 1;
    const uint64_t from_s = ~UINT64_C(0) << (s & 63); /* cells >= s of s's half */
    const uint64_t s_lo = (uint64_t)(s >> 6) - 1;      /* all ones when s < 64 */
    const uint64_t in_lo = lo & from_s & s_lo;
    const uint64_t in_hi = hi & (from_s | s_lo);
    /* 63 when in_lo is empty, then 64 + the high half's first */
    const int first_lo = __builtin_ctzll(in_lo | UINT64_C(1) << 63);
    const uint64_t past_lo = (uint64_t)(1 + __builtin_ctzll(in_hi));
    const int x2 = first_lo + (int)(-(uint64_t)(in_lo == 0) & past_lo);
    return x2 > GRID_W ? GRID_W : x2;
}

void rooms_scan_rows(level_t *lv, const bitrow_t solid[GRID_H + 2])
{
    uint64_t word[START_WORDS];
    starts(solid, word);
    bitrow_t start[GRID_H + 1];
    for (int y = 1; y < GRID_H; y++)
        start[y] = (bitrow_t)word[2 * y] | (bitrow_t)word[2 * y + 1] << 64;
    /* The rooms' bottoms, every start at once: one walk down the rows with
     * the set of columns x+1 still open, each noting where it meets a solid
     * cell (or row GRID_H).  A start's own cell x+1 is solid, so a column is
     * never open for two starts at once: the earlier one stops on that row. */
    uint8_t bottom[GRID_H + 1][GRID_STRIDE], owner[GRID_STRIDE];
    bitrow_t open = 0;
    for (int y = 1; y <= GRID_H; y++) {
        bitrow_t hit = y < GRID_H ? open & solid[y] : open;
        open &= ~hit;
        while (hit) {
            const int c = bitrow_ctz(hit);
            hit &= hit - 1;
            bottom[owner[c]][c] = (uint8_t)y;
        }
        if (y == GRID_H)
            break;
        bitrow_t opened = start[y] << 1;
        open |= opened;
        while (opened) {
            owner[bitrow_ctz(opened)] = (uint8_t)y;
            opened &= opened - 1;
        }
    }
    for (int y = 1; y < GRID_H; y++) {
        bitrow_t st = start[y];
        while (st) {
            int x = bitrow_ctz(st);
            st &= st - 1;
            const int x2 = room_right(solid, x, y);
            if (!room_push(lv, x, y, x2 - x + 1, bottom[y][x + 1] - y + 1))
                return;
        }
    }
}

void rooms_scan_columns(level_t *lv, const bitrow_t solid[GRID_H + 2],
                        const uint32_t col[GRID_STRIDE])
{
    uint64_t word[START_WORDS];
    uint64_t left = starts(solid, word); /* the words with starts not yet visited */
    while (left) {
        const int i = __builtin_ctzll(left);
        const uint64_t st = word[i];
        const int y = i >> 1, x = 64 * (i & 1) + __builtin_ctzll(st);
        const uint64_t rest = word[i] = st & (st - 1);
        left &= left - (rest == 0); /* bit i is left's lowest: cleared when the word is done */
        const int x2 = room_right(solid, x, y);
        /* the first solid cell below in column x+1 (row GRID_H at the latest) */
        const int y2 = y + 1 + __builtin_ctz((col[x + 1] | UINT32_C(1) << GRID_H) >> (y + 1));
        if (!room_push(lv, x, y, x2 - x + 1, y2 - y + 1))
            return;
    }
}

/* Rooms of both sides >= ROOM_REAL_MIN_SIDE (*ge4) and 2x2 entries (*small). */
static void count_kinds_plain(const level_t *lv, int *ge4_out, int *small_out)
{
    int ge4 = 0, small = 0;
    for (int i = 0; i < lv->nrooms; i++) {
        const room_t *r = &lv->rooms[i];
        /* & rather than &&: no branch on the room's shape */
        ge4 += (r->w >= ROOM_REAL_MIN_SIDE) & (r->h >= ROOM_REAL_MIN_SIDE);
        small += (r->w == 2) & (r->h == 2);
    }
    *ge4_out = ge4;
    *small_out = small;
}

#if CPU_SIMD
static void count_kinds_sse2(const level_t *lv, int *ge4_out, int *small_out)
{
    int ge4 = 0, small = 0;
    /* Four rooms (x, y, w, h bytes) a register: a byte compare per test,
     * w and h ANDed by a one-byte shift, so byte 2 of each room says both;
     * those four bits of the byte mask counted by one multiplication.  The
     * rooms past the last are masked off (the array holds a multiple of four). */
    _Static_assert(sizeof(room_t) == 4 && LEVEL_MAX_ROOMS % 4 == 0 && ROOM_REAL_MIN_SIDE < 128,
                   "four 4-byte rooms a register, signed byte compares");
    const __m128i real_min = _mm_set1_epi8(ROOM_REAL_MIN_SIDE - 1), two = _mm_set1_epi8(2);
    const __m128i lane = _mm_setr_epi32(0, 1, 2, 3);
    for (int i = 0; i < lv->nrooms; i += 4) {
        const __m128i v = _mm_loadu_si128((const __m128i *)(const void *)&lv->rooms[i]);
        const __m128i live = _mm_cmpgt_epi32(_mm_set1_epi32(lv->nrooms - i), lane);
        __m128i big = _mm_cmpgt_epi8(v, real_min), eq2 = _mm_cmpeq_epi8(v, two);
        big = _mm_and_si128(_mm_and_si128(big, _mm_srli_epi32(big, 8)), live);
        eq2 = _mm_and_si128(_mm_and_si128(eq2, _mm_srli_epi32(eq2, 8)), live);
        /* bits 2, 6, 10, 14 of the masks -> 0x1111 pattern -> their sum in bits 12..15 */
        const unsigned mb = ((unsigned)_mm_movemask_epi8(big) >> 2) & 0x1111u;
        const unsigned ms = ((unsigned)_mm_movemask_epi8(eq2) >> 2) & 0x1111u;
        ge4 += (int)((mb * 0x1111u) >> 12 & 0xfu);
        small += (int)((ms * 0x1111u) >> 12 & 0xfu);
    }
    *ge4_out = ge4;
    *small_out = small;
}
#endif

void rooms_summarize_list(level_t *lv)
{
    int ge4, small;
#if CPU_SIMD
    if (cpu_uses(CPU_SSE2))
        count_kinds_sse2(lv, &ge4, &small);
    else
#endif
        count_kinds_plain(lv, &ge4, &small);
    lv->obs.rooms = (uint16_t)lv->nrooms;
    lv->obs.rooms_ge4 = (uint16_t)ge4;
    lv->obs.rooms_small = (uint16_t)small;
}

void rooms_summarize(level_t *lv)
{
    rooms_summarize_list(lv);
    int doors = grid_count(&lv->map, CELL_DOOR);
    lv->obs.doors = (uint16_t)doors;
}
