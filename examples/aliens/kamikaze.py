"""Kamikaze: sacrifices its own ships for cards (a how-many question, own ships sent to the warp)."""
from numba import njit

from simsuite.games.cosmic.kernel.alien_api import *

NAME = "Kamikaze"
SUMMARY = "as a main player, before the cards are selected, sends any number of its ships to the warp; a card each"
TEXT = ("You have the power of sacrifice. As a main player, before encounter cards are selected, you may send "
        "any number of your own ships from your colonies to the warp. For each ship so sent, draw one card from "
        "the deck.")
# Our reading of the classic text, where it is a choice:
# - "before encounter cards are selected" is window W-7 (after the alliances, CE.20.1), once per encounter;
# - "your colonies" are those outside the encounter: a defense's ships on the target planet stay (they are in
#   the encounter), and a colony left without ships ends (CE.16.1) and can turn the power off (CE.19.1);
# - the ships are sent, not lost: no E.LOSS (CE.20.6), so no Zombie or Healer answers them;
# - the use is one E.POWER (a Cosmic Zap stops the whole of it); the cards are drawn for every ship sent,
#   even if sending them turned the power off (an effect already begun is carried out, CE.19.3);
# - at most as many ships as the hand has room for (MAX_HAND) are sent: the rules set no hand limit, the
#   engine's hand has one.
# The holder's default (the hint `basic` follows): only ships above one per colony (no colony ends), only
# as many as bring its hand up to KEEP_HAND cards.
EDITIONS = ("ah2000", "ffg2008")
WHO = "main"
KEEP_HAND = 8


@njit
def on_w7(st, cfg, me, log, lg):
    m = min(hb_colony_ships(st, cfg, me), MAX_HAND - hb_hand_size(st, me))
    if m <= 0:
        return 0
    spare = hb_colony_ships(st, cfg, me) - hb_colonies(st, me)  # above one ship per colony
    want = min(max(spare, 0), max(KEEP_HAND - hb_hand_size(st, me), 0))
    k = hb_ask_count(st, cfg, me, m, want)
    if k == 0:
        return 0
    if hb_event(st, cfg, me, PK_HOMEBREW, log, lg) == 1:
        sent = hb_send_to_warp(st, cfg, me, k, log, lg)
        for i in range(sent):
            hb_draw(st, cfg, me, log, lg)
    return 1
