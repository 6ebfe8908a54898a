"""The power-value section's sentences on where a power's value lies (games/cosmic/report.py,
play_sentences), from synthetic shares with known truth."""
import pandas as pd

from simsuite.games.cosmic.report import play_sentences


def _case(alien, power, nopower, never, verdict, se=0.004, players=3):
    t = dict(alien=alien, players=players, share_power=power, share_nopower=nopower, power_value=power - nopower,
             verdict=verdict)
    s = [dict(alien=alien, players=players, strategy=k, share=v, se=se)
         for k, v in (("basic", power), ("nopower", nopower), ("power_never", never)) if v is not None]
    return t, s


def _run(*cases):
    t = pd.DataFrame([c[0] for c in cases])
    s = pd.DataFrame([r for c in cases for r in c[1]])
    return play_sentences(t, s)


def test_threat_and_opponent_play_are_named_only_where_the_data_show_them():
    out = _run(_case("Sorcerer", 0.77, 0.33, 0.72, "helps"),  # never far above face down: the threat
               _case("Laser", 0.45, 0.33, 0.34, "helps"),  # never = face down: the use, no threat sentence
               _case("Healer", 0.25, 0.33, 0.25, "hurts"),  # never as bad: the opponents' play
               _case("Mind", 0.28, 0.33, 0.33, "hurts"),  # never = face down: not blamed on the opponents
               _case("Virus", 0.25, 0.33, None, "hurts"))  # mandatory: no never policy
    text = " ".join(out)
    assert "Sorcerer's value comes largely from the threat" in text and "72.0%" in text
    assert "Laser" not in text
    assert "Healer does worse with its power than face down (25.0% against 33.0%); never using it does no better" in text
    mind = next(x for x in out if "Mind" in x)
    assert "opponents play against" not in mind and "as the bots play it" in mind
    assert any("Virus" in x and "as the bots play it" in x for x in out)


def test_a_threat_within_the_noise_is_not_claimed():
    """never 2 pp above face down with standard errors of 2 pp: not significant, no sentence."""
    assert _run(_case("Sorcerer", 0.40, 0.33, 0.35, "helps", se=0.02)) == []
