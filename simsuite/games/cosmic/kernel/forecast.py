"""Cosmic kernel part: the strategies' forecast of what the homebrew alien files do to the totals.

Before the alliances (CE.8), before the allies answer and before the cards are selected (CE.9),
the engine (turns.py) runs each homebrew file's ``on_totals`` hook (alien_api.py, the totals of
CE.10.3) in a forecast that changes
nothing in the game, and keeps in st[S_HB_FC..] what it would change: the amount added to each
side's total and the lower-wins flag. Every strategy's forecast of the totals (``api.predicted_aa``,
``heuristics.seen_aa``, ``cardplay``) folds it in with ``api.with_forecast``, so a file's power is
foreseen by its holder and its opponents alike. The primitives of alien_api.py read
st[S_HB_FORECASTING] to act without effect while it runs.

A part of the Cosmic kernel (see core.py): simsuite.engine.codegen pastes the parts that
``Cosmic.kernel_files`` (game.py) lists, in that order, into one module; names used here and
defined in no import below come from the other parts. Only the code below the marker line is pasted.
"""
from numba import njit

from simsuite.games.cosmic.api import *
from simsuite.games.cosmic.records import *

# ---- kernel part body: simsuite.engine.codegen pastes what follows (this header is for a reader) ----


@njit
def forecast_totals(st, cfg, log, lg):
    """What the homebrew alien files' on_totals hooks would do to the A/A totals of this encounter,
    for the strategies' forecast (api.predicted_aa, heuristics.seen_aa read st[S_HB_FC..]); the
    engine calls it before the alliances, before the allies' answers and before the cards are
    selected. Each hook runs as at the totals (CE.10.3: power on, allowed by its `who`, in priority
    order) on the totals the engine would count now with card values 0, with no effect on the game:
    a question is answered "use" (hb_ask_count: the file's own suggestion), an E.POWER takes effect
    with no Zap asked and nothing logged, the power's memory and its allowance (HB_MAX_ADD) work as
    in play and are put back after, no misuse is recorded (a forecast is not the rules' moment; the
    loop-step cap still holds); a face-down card reads 0, as to any hook before the reveal. The words
    kept are the change to each total and the lower-wins flag: exact for a file whose change does
    not depend on the cards (a bonus, a declared upset); a change that does (a product, a total set
    from a card's value) is forecast as with cards of value 0. A classic a file replaces keeps its
    built-in forecast (api.aa_totals_w)."""
    st[S_HB_FC] = 0
    st[S_HB_FC + 1] = 0
    st[S_HB_FC + 2] = 0
    if HB_FORECAST_ANY == 0 or st[S_HB_SEATS] == 0 or st[S_DEF] < 0:
        return
    o = st[S_OFF]
    d = st[S_DEF]
    anti = anti_matter_side(st, o, d)  # as the strategies' forecast has it (api.aa_totals_w)
    virus = virus_side(st, o, d)  # its product, as the strategies' forecast has it (api.aa_totals_w)
    # the seven S_TOT words, kept in registers (the game kernels allocate nothing)
    s0, s1, s2, s3, s4, s5, s6 = (st[S_TOT], st[S_TOT + 1], st[S_TOT + 2], st[S_TOT + 3], st[S_TOT + 4],
                                  st[S_TOT + 5], st[S_TOT + 6])
    hook = st[S_HB_HOOK]
    seat = st[S_HB_SEAT]
    to, td, lower = aa_totals(st, cfg, I0, I0, anti, virus)
    st[S_TOT] = 0
    st[S_TOT + 1] = offense_strength(st, cfg)
    st[S_TOT + 2] = to
    st[S_TOT + 3] = 0
    st[S_TOT + 4] = defense_strength(st, cfg)
    st[S_TOT + 5] = td
    st[S_TOT + 6] = lower
    st[S_HB_FORECASTING] = 1
    for i in range(cfg[C_NP]):
        p = _prio(st, cfg, i)
        if ((st[S_HB_SEATS] >> p) & 1) == 0 or st[S_POWER + p] == 0:
            continue
        al = st[S_ALIEN + p]
        if al < N_ALIENS or ((hb_moments(al) >> (H_TOTALS - 40)) & 1) == 0 or _hb_may(st, p, al) == 0:
            continue
        st[S_HB_HOOK] = H_TOTALS
        st[S_HB_SEAT] = p
        # the hook runs as in play: its allowance as it stands and its memory written as it goes, both
        # put back after, so that a file cannot tell the forecast from play by them (nor spend in one)
        spent = st[S_HB_ADDED + p]
        for i in range(HB_MEM_WORDS):
            st[S_HB_MEM_SAVE + i] = st[S_HB_MEM + p * HB_MEM_WORDS + i]
        homebrew_hook(al, H_TOTALS, st, cfg, p, log, I0)  # nothing logged
        st[S_HB_ADDED + p] = spent
        for i in range(HB_MEM_WORDS):
            st[S_HB_MEM + p * HB_MEM_WORDS + i] = st[S_HB_MEM_SAVE + i]
    st[S_HB_FORECASTING] = 0
    st[S_HB_HOOK] = hook
    st[S_HB_SEAT] = seat
    st[S_HB_FC] = st[S_TOT + 2] - to
    st[S_HB_FC + 1] = st[S_TOT + 5] - td
    st[S_HB_FC + 2] = 1 + st[S_TOT + 6] if st[S_TOT + 6] != lower else 0
    st[S_TOT] = s0
    st[S_TOT + 1] = s1
    st[S_TOT + 2] = s2
    st[S_TOT + 3] = s3
    st[S_TOT + 4] = s4
    st[S_TOT + 5] = s5
    st[S_TOT + 6] = s6
