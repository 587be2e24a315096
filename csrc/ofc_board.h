/*
 * ofc_board.h -- the board layer of the C core: board geometry, the rules of
 * a variant as lookup tables (built from a spec or a preset), the board
 * kernels (royalties, fouls, Fantasyland, scoring), jokers on boards and
 * partial boards.
 * Includes the hand layer (ofc_hand.h); ofc_fast.h includes every layer.
 */
#ifndef OFC_BOARD_H
#define OFC_BOARD_H

#include "ofc_hand.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A board: OFC_BOARD_SIZE slots, the rows top, middle, bottom in that order;
 * row r starts at OFC_ROW_START(r) and has OFC_ROW_SIZE(r) slots. */
#define OFC_BOARD_SIZE   13
#define OFC_TOP_SIZE     3
#define OFC_ROW5_SIZE    5
#define OFC_ROW_START(r) ((r) == 0 ? 0 : (r) == 1 ? OFC_TOP_SIZE : OFC_TOP_SIZE + OFC_ROW5_SIZE)
#define OFC_ROW_SIZE(r)  ((r) == 0 ? OFC_TOP_SIZE : OFC_ROW5_SIZE)
#define OFC_ROWS         3 /* top, middle, bottom */
#define OFC_MAX_SEATS    4 /* boards of a deal, seats at a table */

/* Status codes of the board layer (see ofc_hand.h, "Status codes"). */
#define OFC_BOARD_STATUS(X)                                                                  \
    X(OFC_BOARD_BAD_PLAYERS, -201, "a deal has 2 to " OFC_STR(OFC_MAX_SEATS) " boards")      \
    X(OFC_BOARD_BAD_SPEC, -202, "a rules spec with a value out of range")                    \
    X(OFC_BOARD_BAD_PRESET, -203, "no preset has that number")                               \
    X(OFC_BOARD_SHORT_POOL, -204, "the pool has fewer cards than the board has empty slots") \
    X(OFC_BOARD_BUDGET, -205, "the search ran past its budget")                              \
    X(OFC_PARTIAL_STOPPED, -206, "the search was stopped (*stop was set) before it ended")
enum ofc_board_status { OFC_BOARD_STATUS(OFC_STATUS_ENUM) };

/* ---- Boards: royalties, fouls, Fantasyland, scoring ---------------------
 * A board is OFC_BOARD_SIZE (13) codes: top (3), middle (5), bottom (5).  A row's value is its
 * strength, except a Low (2-7) middle, whose value is its lowball rank.  The
 * rules of a variant reach the kernels as lookup tables indexed by row value,
 * built from the Rules object (ofc_fast/board/rules.py, Rules.tables), so no
 * rule is a constant here.
 */
typedef struct ofc_rules {
    /* [row][value]: what a row with that value brings, packed in one word so
     * a row costs one lookup: royalty (int16, bits 0-15), 1 in bit 16 when
     * it keeps a player in Fantasyland, 1 in bit 17 when it qualifies for
     * entry (the top row; and the middle in Low, whose nuts qualify), and the
     * cards dealt when it alone qualifies in bits 24-31 */
    const uint32_t *row_info[OFC_ROWS];
    const uint8_t *middle_live; /* [lowball rank]: 1 for a live Low middle; NULL: a high middle */
    int32_t scoop_bonus;        /* paid by a player who loses all three rows */
    int32_t fl_both;            /* cards when the top and the middle both qualify */
    int32_t fl_both_required;   /* 1: entry needs the top and the middle together */
    int32_t stay_cards;         /* cards dealt to a player who stays in Fantasyland */
    /* [in_fantasyland value 0..255]: cards dealt on staying, so the count may
     * follow the count a player is in Fantasyland with; NULL: stay_cards */
    const uint8_t *stay_count;
    /* 1 (stay_mode "tier"): a player in Fantasyland also stays when the top
     * alone earns exactly the count they are in it with (ofc_tier_stays) */
    int32_t stay_tier;
} ofc_rules;

#define OFC_ROYALTY(info)   ((int32_t)(int16_t)((info) & 0xFFFFu))
#define OFC_STAY(info)      (((info) >> 16) & 1u)
#define OFC_QUALIFIES(info) (((info) >> 17) & 1u)
#define OFC_ENTRY(info)     ((info) >> 24)

/* stay_mode "tier": the top (info word it) keeps a player in Fantasyland
 * when it alone earns the count of the tier they are in: in_fl (13..255),
 * or stay_cards for 0 or 1 (a bare flag).  Trips do not keep a QQ tier. */
static inline unsigned ofc_tier_stays(const ofc_rules *r, uint32_t it, unsigned in_fl)
{
    unsigned tier = in_fl >= 13u ? in_fl : (unsigned)r->stay_cards;
    return r->stay_tier && OFC_QUALIFIES(it) && OFC_ENTRY(it) == tier;
}

/* Cards dealt on entering Fantasyland from the top and middle info words
 * (docs/RULES.md sections 8, 9): both qualifying (Low: KK+ and the nuts) deal
 * fl_both, or with fl_both 0 (no count of its own) the larger of the two
 * counts, so meeting both never deals less than one alone; else the one that
 * qualifies deals its own count, unless both are required. */
static inline unsigned ofc_fl_entry(uint32_t it, uint32_t im, const ofc_rules *r)
{
    unsigned qt = OFC_QUALIFIES(it), qm = OFC_QUALIFIES(im);
    if (qt & qm) {
        unsigned et = OFC_ENTRY(it), em = OFC_ENTRY(im);
        return r->fl_both ? (unsigned)r->fl_both : et > em ? et : em;
    }
    if (r->fl_both_required) return 0;
    return qt ? OFC_ENTRY(it) : qm ? OFC_ENTRY(im) : 0;
}

/* Cards dealt to a player in Fantasyland with in_fl (1 = a bare flag, or
 * the count they are in it with) who stays. */
static inline int ofc_stay_count(const ofc_rules *r, unsigned in_fl)
{
    return r->stay_count ? r->stay_count[in_fl] : r->stay_cards;
}

/* Everything known about one complete board. */
typedef struct ofc_board_result {
    uint16_t value[OFC_ROWS];  /* row values: strength, or lowball rank for a Low middle */
    int32_t royalty[OFC_ROWS]; /* 0 when fouled */
    int32_t fouled;
    int32_t fantasyland; /* cards next hand, 0 = none */
    int32_t stays;       /* not fouled, and a row meets its stay condition (or the top its tier's) */
} ofc_board_result;

/* The rules applied to one board whose rows' info words (row_info at their
 * values) and foul are known: royalties, stays and the Fantasyland cards of
 * the next hand into res (the values are the caller's).  The one home of these
 * rules for the board kernels, with jokers or without. */
static inline void ofc_board_apply(uint32_t it, uint32_t im, uint32_t ib, int fouled, int in_fantasyland,
                                   const ofc_rules *r, ofc_board_result *res)
{
    /* a fouled board scores no royalties and neither enters nor stays */
    int32_t keep = fouled ? 0 : -1;
    res->fouled = fouled;
    res->royalty[0] = OFC_ROYALTY(it) & keep;
    res->royalty[1] = OFC_ROYALTY(im) & keep;
    res->royalty[2] = OFC_ROYALTY(ib) & keep;
    unsigned in_fl = in_fantasyland > 255 || in_fantasyland < 0 ? 1u : (unsigned)in_fantasyland;
    int stays = (!fouled) & (int)(OFC_STAY(it) | OFC_STAY(im) | OFC_STAY(ib) | ofc_tier_stays(r, it, in_fl));
    res->stays = stays;
    if (in_fantasyland)
        res->fantasyland = stays ? ofc_stay_count(r, in_fl) : 0;
    else
        res->fantasyland = (int)ofc_fl_entry(it, im, r) & keep;
}

/* Evaluate one valid board (codes checked by the caller).  in_fantasyland:
 * 0 = not in Fantasyland, 1 = in it with the rules' base count (stay_cards),
 * 13..255 = in it with that many cards (rules->stay_count reads it). */
void ofc_board_eval(const uint8_t *board, int in_fantasyland, const ofc_rules *rules, ofc_board_result *res);

/* n boards of OFC_BOARD_SIZE bytes.  in_fantasyland: n values as for ofc_board_eval,
 * or NULL (none in Fantasyland).  Any output pointer may be NULL.  strength and royalties hold
 * 3 values per board.  Returns -1, or the index of the first board with a
 * byte that is no card or a card twice (outputs before it are written). */
int64_t ofc_analyze_batch(const uint8_t *boards, int64_t n, const uint8_t *in_fantasyland,
                          const ofc_rules *rules, uint8_t *fouled, uint16_t *strength, int16_t *royalties,
                          uint8_t *fantasyland, uint8_t *stays);

/* n deals of `players` boards (2..4) of OFC_BOARD_SIZE bytes.  net: n*players points
 * (each deal sums to 0); matrix: n*players*players, [a][b] = what a wins from
 * b.  Either may be NULL.  Returns -1, or the index of the first deal with a
 * byte that is no card or a card used twice anywhere in the deal. */
int64_t ofc_score_batch(const uint8_t *deals, int64_t n, int players, const ofc_rules *rules, int32_t *net,
                        int32_t *matrix);

/* ---- Pairwise scoring (docs/RULES.md section 6): the one home of the rule --
 * What seat a wins from seat b, from each seat's row values (with jokers,
 * the keys of ofc_joker_score_key), foul flag and royalty total (0 when
 * fouled): +1 / 0 / -1 a row (a fouled seat loses every row, two fouled seats
 * tie them all), the scoop bonus when one side won all three, plus a's
 * royalties minus b's.  Every scorer calls this, through the helpers below:
 * the board kernels (ofc_score_batch, ofc_score_details_batch and their joker
 * twins), the game engine (ofc_game_result), self-play and rollouts. */
typedef struct ofc_pair_score {
    int32_t rows[OFC_ROWS]; /* +1 / 0 / -1 for a, top, middle, bottom */
    int32_t row_points;     /* their sum */
    int32_t scoop;          /* +scoop_bonus when a won all three rows, -scoop_bonus when b did, else 0 */
    int32_t total;          /* row_points + scoop + royalty of a - royalty of b */
} ofc_pair_score;

static inline int ofc_sign(int d)
{
    return (d > 0) - (d < 0);
}

static OFC_ALWAYS_INLINE void ofc_score_pair(const uint16_t *va, int fa, int32_t roya, const uint16_t *vb,
                                             int fb, int32_t royb, int32_t scoop_bonus, ofc_pair_score *out)
{
    int s0 = ofc_sign((int)va[0] - (int)vb[0]), s1 = ofc_sign((int)va[1] - (int)vb[1]),
        s2 = ofc_sign((int)va[2] - (int)vb[2]);
    /* fouls are as common as not in random deals: selects, no branches */
    int any = fa | fb, lost = fb - fa;
    out->rows[0] = any ? lost : s0;
    out->rows[1] = any ? lost : s1;
    out->rows[2] = any ? lost : s2;
    int rows = any ? 3 * lost : s0 + s1 + s2;
    /* rows is +3 / -3 exactly when one side won all three */
    out->row_points = rows;
    out->scoop = (rows == 3) * scoop_bonus - (rows == -3) * scoop_bonus;
    out->total = rows + out->scoop + roya - royb;
}

/* Every pair of P seats (value: 3 row values a seat; fouled, royalty: one a
 * seat): net[P] (each seat's sum over its pairs) and/or matrix[P * P] ([a][b]
 * = what a wins from b), either may be NULL. */
static OFC_ALWAYS_INLINE void ofc_score_seats(const uint16_t *value, const int32_t *fouled,
                                              const int32_t *royalty, int P, int32_t scoop_bonus,
                                              int32_t *net, int32_t *matrix)
{
    int32_t total[OFC_MAX_SEATS] = {0};
    for (int a = 0; a < P; a++) {
        for (int b = a + 1; b < P; b++) {
            ofc_pair_score s;
            ofc_score_pair(value + 3 * a, fouled[a], royalty[a], value + 3 * b, fouled[b], royalty[b],
                           scoop_bonus, &s);
            total[a] += s.total;
            total[b] -= s.total;
            if (matrix) {
                matrix[a * P + b] = s.total;
                matrix[b * P + a] = -s.total;
            }
        }
        if (matrix) matrix[a * P + a] = 0;
    }
    if (net)
        for (int p = 0; p < P; p++) net[p] = total[p];
}

/* One deal of ofc_analyze_batch's output (pointers at its first seat's
 * entries): each seat's foul, Fantasyland count and royalty summed over its
 * rows into f, fl, roy, and its net points (ofc_score_seats) into net. */
static OFC_ALWAYS_INLINE void ofc_score_analyzed(const uint16_t *value, const uint8_t *fouled,
                                                 const uint8_t *fantasyland, const int16_t *royalty, int P,
                                                 int32_t scoop_bonus, int32_t *net, int32_t *roy, int32_t *f,
                                                 int32_t *fl)
{
    for (int p = 0; p < P; p++) {
        f[p] = fouled[p];
        fl[p] = fantasyland[p];
        roy[p] = royalty[3 * p] + royalty[3 * p + 1] + royalty[3 * p + 2];
    }
    ofc_score_seats(value, f, roy, P, scoop_bonus, net, NULL);
}

/* Every pair of P seats (as ofc_score_seats takes them), part by part, into
 * the outputs of ofc_score_details_batch from pair slot k on (pairs in order
 * (0,1), (0,2) .. (P-2,P-1)); any output may be NULL. */
static inline void ofc_score_details_seats(const uint16_t *value, const int32_t *fouled,
                                           const int32_t *royalty, int P, int32_t scoop_bonus, int64_t k,
                                           int8_t *rows, int32_t *row_points, int32_t *scoop,
                                           int32_t *royalties, int32_t *total)
{
    for (int a = 0; a < P; a++)
        for (int b = a + 1; b < P; b++, k++) {
            ofc_pair_score ps;
            ofc_score_pair(value + 3 * a, fouled[a], royalty[a], value + 3 * b, fouled[b], royalty[b],
                           scoop_bonus, &ps);
            if (rows)
                for (int q = 0; q < 3; q++) rows[3 * k + q] = (int8_t)ps.rows[q];
            if (row_points) row_points[k] = ps.row_points;
            if (scoop) scoop[k] = ps.scoop;
            if (royalties) {
                royalties[2 * k] = royalty[a];
                royalties[2 * k + 1] = royalty[b];
            }
            if (total) total[k] = ps.total;
        }
}

/* n deals of `players` boards (2..4) as ofc_score_batch takes them, every
 * pair (a, b), a < b, in the order a = 0, b = 1, 2, ..; then a = 1, ...
 * (K = players (players - 1) / 2 pairs a deal): rows (n * K * 3), row_points,
 * scoop, total (n * K each), royalties (n * K * 2: a's, b's), any may be
 * NULL.  Returns as ofc_score_batch (nothing written for a bad deal), or
 * OFC_BOARD_BAD_PLAYERS for a player count out of 2..OFC_MAX_SEATS. */
int64_t ofc_score_details_batch(const uint8_t *deals, int64_t n, int players, const ofc_rules *rules,
                                int8_t *rows, int32_t *row_points, int32_t *scoop, int32_t *royalties,
                                int32_t *total);

/* ---- Rules from C: a plain spec, its tables, the four presets -----------
 * ofc_rules points into tables; C users build them from an ofc_rules_spec
 * (the table-driving fields of the Python Rules, ofc_fast/board/rules.py) into an
 * ofc_rules_storage, filled by hand or by ofc_rules_preset:
 *
 *     static ofc_rules_storage st;      (about 100 KB: keep it off small stacks)
 *     ofc_rules_spec spec;
 *     ofc_rules_preset(&spec, OFC_PRESET_PINEAPPLE);
 *     spec.scoop_bonus = 6;             (a house variant)
 *     if (ofc_rules_build(&spec, &st) != 0) ... invalid spec ...
 *     ofc_analyze_batch(boards, n, NULL, &st.rules, ...);
 *
 * Ranks index 0 = deuce .. 12 = ace; categories are enum ofc_category. */
enum ofc_preset { OFC_PRESET_ORIGINAL = 0, OFC_PRESET_PINEAPPLE, OFC_PRESET_PROGRESSIVE, OFC_PRESET_LOW };

#define OFC_NO_STAY     (-1) /* a stay_* field: this row never keeps a player in Fantasyland */
#define OFC_STAY_COUNTS 256  /* stay_count entries: in_fantasyland 0..255 */

typedef struct ofc_rules_spec {
    int32_t low;                     /* 1: Low (2-7) OFC, the middle is a deuce-to-seven low */
    int32_t top_pair[OFC_RANKS];     /* royalty of a pair of rank r on top */
    int32_t top_trips[OFC_RANKS];    /* royalty of trips of rank r on top */
    int32_t middle[OFC_CATEGORIES];  /* royalty of a middle of category c (high middles) */
    int32_t bottom[OFC_CATEGORIES];  /* royalty of a bottom of category c */
    int32_t low_middle[OFC_RANKS];   /* Low: royalty of a live middle whose highest rank is r */
    int32_t low_nuts;                /* Low: royalty of 7-5-4-3-2 (instead of its 7-high one) */
    int32_t scoop_bonus;             /* extra points for winning all three rows */
    int32_t fl_top_pair[OFC_RANKS];  /* cards on entering Fantasyland with that pair on top, 0 = none */
    int32_t fl_top_trips[OFC_RANKS]; /* the same for trips on top */
    int32_t fl_low_nuts;             /* Low: cards for the nuts in the middle alone */
    int32_t fl_low_both;             /* Low: cards for the nuts together with a qualifying top */
    int32_t fl_low_both_required;    /* Low: 1 = entry needs both conditions */
    int32_t stay_cards;              /* cards dealt to a player who stays in Fantasyland */
    int32_t stay_top, stay_middle, stay_bottom; /* least category that stays, or OFC_NO_STAY */
    int32_t top_high[OFC_RANKS];                /* royalty of a high-card top whose highest rank is r */
    int32_t stay_entry;                         /* OFC_STAY_ENTRY: meeting the entry condition again also
                                                   * stays; OFC_STAY_TIER: the top meeting the entry of
                                                   * the tier the player is in (neither with
                                                   * fl_low_both_required) */
    int32_t stay_cards_mode;                    /* OFC_STAY_CARDS_FIXED or OFC_STAY_CARDS_CURRENT */
} ofc_rules_spec;

/* What a player who stays gets: stay_cards, or the count they are in
 * Fantasyland with (stay_cards for in_fantasyland 1, a bare flag). */
enum { OFC_STAY_CARDS_FIXED = 0, OFC_STAY_CARDS_CURRENT = 1 };
/* stay_entry: Python's stay_mode "conditions", "entry" or "tier" */
enum { OFC_STAY_CONDITIONS = 0, OFC_STAY_ENTRY = 1, OFC_STAY_TIER = 2 };

typedef struct ofc_rules_storage {
    uint32_t info[OFC_ROWS][OFC_STRENGTH_MAX + 1]; /* the row_info tables */
    uint8_t live[OFC_STRENGTH_MAX + 1];            /* middle_live of a Low variant */
    uint8_t stay_count[OFC_STAY_COUNTS];           /* the stay_count table */
    ofc_rules rules;                               /* points into this storage: do not copy the storage */
} ofc_rules_storage;

/* Fill spec with a preset (the Python presets ORIGINAL, PINEAPPLE,
 * PROGRESSIVE, LOW).  Returns 0, or OFC_BOARD_BAD_PRESET for an unknown
 * preset.  The house variants of docs/VARIANTS.md are these with a few fields
 * changed. */
int ofc_rules_preset(ofc_rules_spec *spec, int preset);

/* Build the tables of spec into st and point st->rules at them.  Returns 0,
 * or OFC_BOARD_BAD_SPEC when a value is out of range (a flag or mode not one of its values,
 * royalties -32768..32767, a negative scoop bonus, card counts 0 or
 * 13..OFC_DECK_SIZE, a stay category that the row cannot hold, a stay
 * condition or stay_entry with stay_cards 0, a Low field set in a high
 * variant or a middle stay in Low, stay_entry with fl_low_both_required);
 * st->rules is then unusable. */
int ofc_rules_build(const ofc_rules_spec *spec, ofc_rules_storage *st);

/* ---- Jokers on boards (csrc/board/ofc_joker_*.c; docs/VARIANTS.md, "Jokers") ------
 * The joker fields of the rules.  A board's jokers become cards as the pool
 * allows (any: a card not already in the joker's row; not_on_board: not a
 * card of the board, the two jokers two cards; unseen: as not_on_board, and
 * not a dead card; duplicates: any card, five of a kind where five_kind is
 * set).  Resolution "board" picks every joker's card at once: not fouled
 * first, then total royalties, then the Fantasyland cards earned (entry,
 * tier or stay), then the bottom, middle and top by strength; "row" picks the
 * strongest bottom, then middle, then top, fouled or not.  Among choices that
 * tie on all of that, the smallest card for joker 52, then for joker 53. */
enum { OFC_POOL_ANY = 0, OFC_POOL_NOT_ON_BOARD, OFC_POOL_UNSEEN, OFC_POOL_DUPLICATES };
enum { OFC_FIVE_NONE = 0, OFC_FIVE_ABOVE_STRAIGHT_FLUSH, OFC_FIVE_BELOW_ROYAL };
enum { OFC_RESOLVE_BOARD = 0, OFC_RESOLVE_ROW };

typedef struct ofc_joker_rules {
    int32_t jokers;               /* 0..OFC_MAX_JOKERS in the deck */
    int32_t pool;                 /* OFC_POOL_* */
    int32_t five_kind;            /* OFC_FIVE_* (only with OFC_POOL_DUPLICATES) */
    int32_t five_kind_royalty[2]; /* royalty of five of a kind in the middle, on the bottom */
    int32_t resolution;           /* OFC_RESOLVE_* */
    int32_t natural_beats_wild;   /* 1: in scoring, a row without a joker wins a tie against one with */
} ofc_joker_rules;

/* The info word of row value v (row_info) where jokers may make five of a
 * kind (above OFC_STRENGTH_MAX): it pays its own royalty and keeps a player
 * in Fantasyland wherever a royal flush would (it meets every stay category
 * a row can ask for). */
static inline uint32_t ofc_joker_row_info(const ofc_rules *r, const ofc_joker_rules *jr, int row, unsigned v)
{
    if (OFC_LIKELY(v <= OFC_STRENGTH_MAX)) return r->row_info[row][v];
    uint32_t royal = r->row_info[row][OFC_STRENGTH_MAX];
    return (royal & ((uint32_t)1 << 16)) | (uint16_t)(int16_t)jr->five_kind_royalty[row - 1];
}

/* Resolve and evaluate one valid board that may hold jokers: res as
 * ofc_board_eval (value[] the strengths of the resolved rows), card[0..1]
 * what joker 52 / 53 became (OFC_EMPTY where the board has none), natural[r]
 * 1 for a row without a joker.  dead: the cards a pool "unseen" excludes, as
 * a bit mask (bit c for card c). */
void ofc_board_eval_jokers(const uint8_t *board, int in_fantasyland, uint64_t dead, const ofc_rules *rules,
                           const ofc_joker_rules *jr, ofc_board_result *res, uint8_t *card, uint8_t *natural);

/* ofc_analyze_batch for boards that may hold jokers; joker_cards: 2 per board
 * (may be NULL); dead as for ofc_board_eval_jokers, for every board. */
int64_t ofc_analyze_jokers_batch(const uint8_t *boards, int64_t n, const uint8_t *in_fantasyland,
                                 uint64_t dead, const ofc_rules *rules, const ofc_joker_rules *jr,
                                 uint8_t *fouled, uint16_t *strength, int16_t *royalties,
                                 uint8_t *fantasyland, uint8_t *stays, uint8_t *joker_cards);

/* How a row of a board resolved by ofc_board_eval_jokers compares in scoring
 * (ofc_score_jokers_batch, the game engine's result): its value in the
 * rules' order, doubled, plus 1 for a row without a joker (natural) where
 * natural_beats_wild breaks ties that way. */
static inline unsigned ofc_joker_order_key(const ofc_joker_rules *jr, int low, int row, uint16_t value)
{
    if (low && row == 1) return value; /* a Low middle: its 2-7 value, the larger the better */
    return ofc_order_key(value, jr->five_kind == OFC_FIVE_BELOW_ROYAL);
}

static inline uint16_t ofc_joker_score_key(const ofc_joker_rules *jr, int low, int row, uint16_t value,
                                           int natural)
{
    return (uint16_t)((ofc_joker_order_key(jr, low, row, value) << 1)
                      | (jr->natural_beats_wild ? (unsigned)natural : 0u));
}

/* ofc_score_batch for deals that may hold jokers (the jokers of a deal are
 * distinct codes; "unseen" excludes the other boards of the deal). */
int64_t ofc_score_jokers_batch(const uint8_t *deals, int64_t n, int players, const ofc_rules *rules,
                               const ofc_joker_rules *jr, int32_t *net, int32_t *matrix);

/* ofc_score_details_batch for deals that may hold jokers (as ofc_score_jokers_batch). */
int64_t ofc_score_details_jokers_batch(const uint8_t *deals, int64_t n, int players, const ofc_rules *rules,
                                       const ofc_joker_rules *jr, int8_t *rows, int32_t *row_points,
                                       int32_t *scoop, int32_t *royalties, int32_t *total);

/* ---- Partial boards (csrc/board/ofc_partial.c) ----------------------------------
 * A partial board holds OFC_EMPTY in its empty slots; rows fill left to right. */
/* Position (0..OFC_BOARD_SIZE - 1) of the first byte of a partial board that is neither a
 * card nor OFC_EMPTY, or a card seen earlier on the board; -1 when valid. */
int ofc_partial_first_bad(const uint8_t *board);
/* Empty slots of the top, middle and bottom rows. */
void ofc_partial_needed(const uint8_t *board, int8_t *need);
/* Row values of the complete rows of a valid partial board (0: incomplete). */
void ofc_partial_values(const uint8_t *board, const ofc_rules *rules, uint16_t *value);
/* 1 when some completion of a valid partial board with distinct cards of the
 * pool (cards not on the board) is not fouled, 0 when every one fouls,
 * OFC_BOARD_SHORT_POOL when the pool has fewer cards than the empty slots,
 * OFC_BOARD_BUDGET when `budget` search nodes (-1: no limit) ran out first.
 * Exact: a search over completions. */
int ofc_partial_can_avoid_foul(const uint8_t *board, const uint8_t *pool, int npool, const ofc_rules *rules,
                               int64_t budget);
/* The same where the deck has jokers (jr->jokers of them, codes OFC_JOKER1,
 * OFC_JOKER2): the board and the pool may hold them, and a completion is
 * judged by ofc_board_eval_jokers (so a joker is wild as the rules' pool and
 * resolution say; dead: the cards "unseen" excludes, a bit mask).  jr NULL or
 * without jokers: ofc_partial_can_avoid_foul. */
int ofc_partial_can_avoid_foul_jokers(const uint8_t *board, const uint8_t *pool, int npool, uint64_t dead,
                                      const ofc_rules *rules, const ofc_joker_rules *jr, int64_t budget);
/* ofc_partial_can_avoid_foul_jokers that also ends, returning
 * OFC_PARTIAL_STOPPED, soon after *stop becomes nonzero (another thread sets
 * it: Ctrl-C of a caller whose search runs long; stop NULL: never). */
int ofc_partial_can_avoid_foul_stop(const uint8_t *board, const uint8_t *pool, int npool, uint64_t dead,
                                    const ofc_rules *rules, const ofc_joker_rules *jr, int64_t budget,
                                    const volatile int *stop);
/* ofc_partial_first_bad where the deck has `jokers` jokers (a joker code the
 * deck lacks is bad). */
int ofc_partial_first_bad_jokers(const uint8_t *board, int jokers);
/* ofc_partial_values where rows may hold jokers: a complete row holding one
 * is worth the strongest hand its jokers make (ofc_strength5_jokers_unchecked:
 * a joker takes a card not already in its row, five of a kind where the rules
 * have it); jr NULL: ofc_partial_values. */
void ofc_partial_values_jokers(const uint8_t *board, const ofc_rules *rules, const ofc_joker_rules *jr,
                               uint16_t *value);

#ifdef __cplusplus
}
#endif
#endif /* OFC_BOARD_H */
