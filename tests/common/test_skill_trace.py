"""The skill trace's verdicts on synthetic ladders of known truth (simsuite.analysis.skill_trace):
each observed share is the true share plus normal noise of its standard error, as a sweep cell's
share is. A ladder whose top two rungs truly agree is said to be still moving (rising / falling) in
at most about alpha of the ladders, for any label (family-wise); a label still moving by the margin
at the top is said to be settled in at most about alpha of the ladders (per label); a flat truth is said to rise or fall
in at most about alpha; and the tests find what is there when the noise is small."""
import numpy as np
import pytest

from simsuite.analysis.skill_trace import expert_places, top_verdict, trend

K, R, REPS, ALPHA, MARGIN = 20, 4, 400, 0.05, 0.02
# a rate observed in REPS ladders: alpha plus three binomial standard errors
LIMIT = ALPHA + 3 * np.sqrt(ALPHA * (1 - ALPHA) / REPS)


def _ladders(truth: np.ndarray, se: float, seed: int):
    rng = np.random.default_rng(seed)
    for _ in range(REPS):
        yield truth + se * rng.standard_normal(truth.shape), np.full(truth.shape, se)


def _truth(top_step: float, lower_steps=(0.03, -0.02), seed: int = 7) -> np.ndarray:
    """K labels x R rungs: shares around 1/4 that move on the lower rungs (up for half the labels,
    down for the other half) and by `top_step` between the two top rungs."""
    rng = np.random.default_rng(seed)
    base = 0.25 + 0.05 * rng.standard_normal(K)
    sign = np.where(np.arange(K) % 2 == 0, 1.0, -1.0)
    steps = np.column_stack([np.zeros(K), *(sign * s for s in lower_steps), sign * top_step])[:, :R]
    return base[:, None] + np.cumsum(steps, axis=1)


def test_a_ladder_that_converged_is_rarely_said_to_move_and_mostly_said_settled():
    truth = _truth(0.0)
    moved = settled = 0
    for s, e in _ladders(truth, 0.004, seed=1):
        v = top_verdict(s, e, MARGIN, ALPHA)["verdict"]
        moved += bool(v.isin(["rising", "falling"]).any())
        settled += (v == "settled").sum()
    assert moved / REPS <= LIMIT, moved
    assert settled / (REPS * K) > 0.9, settled  # half-width of the step ~1.1 pp against a 2 pp margin


def test_a_ladder_still_moving_by_the_margin_is_rarely_said_settled():
    """The worst case for the equivalence test: the true last step is exactly the margin."""
    truth = _truth(MARGIN)
    wrong = np.zeros(K)
    for s, e in _ladders(truth, 0.004, seed=2):
        wrong += (top_verdict(s, e, MARGIN, ALPHA)["verdict"] == "settled").to_numpy()
    assert (wrong / REPS).max() <= LIMIT, wrong
    assert (wrong / REPS).mean() >= ALPHA / 3, wrong  # at the margin the test is near its size, not idle


def test_a_ladder_still_moving_says_which_way_with_the_last_step():
    truth = _truth(0.03)
    right = settled = 0
    for s, e in _ladders(truth, 0.004, seed=3):
        t = top_verdict(s, e, MARGIN, ALPHA)
        want = np.where(np.arange(K) % 2 == 0, "rising", "falling")
        right += (t["verdict"].to_numpy() == want).sum()
        settled += (t["verdict"] == "settled").sum()
        moving = t["verdict"] != "settled"
        assert np.allclose(t["step"], s[:, -1] - s[:, -2])
        assert np.allclose(t["expert"][moving], s[moving.to_numpy(), -1])
    assert right / (REPS * K) > 0.95 and settled / (REPS * K) < 0.01, (right, settled)


def test_noise_too_large_to_tell_is_unsettled_not_settled():
    truth = _truth(0.0)
    s, e = next(_ladders(truth, 0.03, seed=4))
    v = top_verdict(s, e, MARGIN, ALPHA)["verdict"]
    assert (v == "unsettled").mean() > 0.8 and not (v == "settled").any(), v.value_counts()


def test_a_settled_share_is_the_inverse_variance_mean_of_the_top_two():
    s = np.array([[0.20, 0.30, 0.301], [0.20, 0.25, 0.40]])
    e = np.array([[0.01, 0.001, 0.002], [0.01, 0.001, 0.001]])
    t = top_verdict(s, e, MARGIN, ALPHA)
    assert list(t["verdict"]) == ["settled", "rising"]
    w = 1 / np.array([0.001, 0.002]) ** 2
    assert t["expert"][0] == pytest.approx((w * [0.30, 0.301]).sum() / w.sum())
    assert t["expert_se"][0] == pytest.approx(1 / np.sqrt(w.sum()))
    assert t["expert"][1] == 0.40 and t["step"][1] == pytest.approx(0.15)


def test_a_flat_truth_is_rarely_said_to_rise_or_fall():
    truth = np.repeat(0.25 + 0.05 * np.random.default_rng(5).standard_normal(K)[:, None], R, axis=1)
    wrong = 0
    for s, e in _ladders(truth, 0.005, seed=6):
        wrong += bool((trend(s, e, ALPHA)["direction"] != "no trend found").any())
    assert wrong / REPS <= LIMIT, wrong


def test_a_steady_climb_or_fall_is_found():
    truth = _truth(0.01, lower_steps=(0.01, 0.01))
    found = 0
    for s, e in _ladders(truth, 0.004, seed=8):
        d = trend(s, e, ALPHA)["direction"].to_numpy()
        found += (d == np.where(np.arange(K) % 2 == 0, "rises", "falls")).sum()
    assert found / (REPS * K) > 0.9, found


def test_the_slope_is_the_weighted_least_squares_slope():
    s = np.array([[0.1, 0.2, 0.4, 0.3]])
    e = np.array([[0.01, 0.02, 0.01, 0.04]])
    w = 1 / e[0] ** 2
    x = np.arange(4.0)
    want = np.polyfit(x, s[0], 1, w=np.sqrt(w))[0]  # polyfit weights multiply the residuals
    t = trend(s, e)
    assert t["slope"][0] == pytest.approx(want)
    xb = (w * x).sum() / w.sum()
    assert t["se"][0] == pytest.approx(1 / np.sqrt((w * (x - xb) ** 2).sum()))


def test_expert_places_cover_the_true_places():
    """Labels 1.5 standard errors apart: the rank intervals at the top hold the true ranks in at
    least 95% of the ladders for each label."""
    truth = np.repeat((0.35 - 0.0075 * np.arange(K))[:, None], R, axis=1)
    cover = np.zeros(K)
    reps = 100
    rng = np.random.default_rng(9)
    for _ in range(reps):
        s = truth + 0.005 * rng.standard_normal(truth.shape)
        pl = expert_places(top_verdict(s, np.full(truth.shape, 0.005), MARGIN, ALPHA), n_boot=1000)
        true_rank = np.arange(1, K + 1)
        cover += (pl["rank_low"] <= true_rank) & (true_rank <= pl["rank_high"])
    assert (cover / reps).min() >= 0.9, cover


def test_a_ladder_of_one_rung_is_refused():
    with pytest.raises(ValueError, match="at least two"):
        top_verdict(np.array([[0.2]]), np.array([[0.01]]))
