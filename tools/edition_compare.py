"""Side-by-side tables of a sweep with `edition` as an axis (issue 16): per player count, each
alien's win share under each edition with its 95% interval and rank, the Kendall rank correlation
between the editions' alien rankings (scipy), and game length, joint-win rate and the start
player's win share per edition. Writes editions.md (and editions_aliens.csv) into a report folder.

    python tools/edition_compare.py results/cosmic-editions reports/examples/cosmic-editions
"""
import sys
from pathlib import Path

import pandas as pd
from scipy.stats import kendalltau


def main(results: str, out: str) -> None:
    res, out = Path(results), Path(out)
    cells = pd.read_parquet(res / "cells.parquet")
    groups = pd.read_parquet(res / "groups.parquet")
    eds = sorted(cells["edition"].unique())
    lines = [f"# Editions side by side ({res.name})", "",
             "Win share = mean, over the games the seat or alien is in, of 1/k when it is one of k winners (0 when it",
             "does not win); fair = 1/players. Aliens are dealt at random, so each alien's figure is over about",
             "3,000 games per cell. 95% intervals from the sweep's groups table.",
             "Rank 1 = highest win share. Kendall's tau compares the two editions' alien rankings (scipy.stats.kendalltau).",
             ""]
    rows = []
    for n in sorted(cells["players"].unique()):
        lines += [f"## {n} players", "", "| edition | games | mean turns | joint-win rate | start player's win share (95% CI) |",
                  "|---|---|---|---|---|"]
        per = {}
        here = [ed for ed in eds if ((cells["players"] == n) & (cells["edition"] == ed)).any()]
        for ed in here:  # an edition may not be played at every count (AH2000 at 5: a sweep's skip, CE.1.10)
            c = cells[(cells["players"] == n) & (cells["edition"] == ed)].iloc[0]
            g = groups[groups["cell"] == c["cell"]]
            pos = g[(g["kind"] == "position") & (g["key"].astype(str) == "1")].iloc[0]
            lines.append(f"| {ed} | {int(c['games'])} | {c['turns_mean']:.2f} | {c['shared_win_mean']:.3f} | "
                         f"{pos['win_share']:.3f} ({pos['share_ci_low']:.3f}-{pos['share_ci_high']:.3f}) |")
            a = g[(g["kind"] == "alien") & (g["key"] != "none")].set_index("key")
            a = a.assign(rank=a["win_share"].rank(ascending=False, method="min").astype(int))
            per[ed] = a
        if len(here) < 2:
            missing = ", ".join(e for e in eds if e not in here)
            lines += ["", f"Only {', '.join(here)} was played at {n} players ({missing} not): no ranking to compare.",
                      "", "| alien | " + " | ".join(f"{e} win share (95% CI) | rank" for e in here) + " |",
                      "|---|" + "---|---|" * len(here)]
            e = here[0]
            for k in sorted(per[e].index, key=lambda k: per[e].loc[k, "rank"]):
                r = per[e].loc[k]
                lines.append(f"| {k} | {r['win_share']:.3f} ({r['share_ci_low']:.3f}-{r['share_ci_high']:.3f}) | "
                             f"{r['rank']} |")
                rows.append(dict(players=n, edition=e, alien=k, games=int(r["n"]), win_share=r["win_share"],
                                 ci_low=r["share_ci_low"], ci_high=r["share_ci_high"], rank=int(r["rank"])))
            lines.append("")
            continue
        common = sorted(set.intersection(*(set(per[e].index) for e in eds)))
        tau = kendalltau([per[eds[0]].loc[k, "win_share"] for k in common],
                         [per[eds[1]].loc[k, "win_share"] for k in common])
        lines += ["", f"Alien ranking: Kendall's tau between {eds[0]} and {eds[1]} = {tau.statistic:.3f} "
                      f"(p = {tau.pvalue:.2g}, {len(common)} aliens).", "",
                  "| alien | " + " | ".join(f"{e} win share (95% CI) | rank" for e in eds) + " |",
                  "|---|" + "---|---|" * len(eds)]
        for k in sorted(common, key=lambda k: per[eds[0]].loc[k, "rank"]):
            cols = []
            for e in eds:
                r = per[e].loc[k]
                cols.append(f"{r['win_share']:.3f} ({r['share_ci_low']:.3f}-{r['share_ci_high']:.3f}) | {r['rank']}")
                rows.append(dict(players=n, edition=e, alien=k, games=int(r["n"]), win_share=r["win_share"],
                                 ci_low=r["share_ci_low"], ci_high=r["share_ci_high"], rank=int(r["rank"])))
            lines.append(f"| {k} | " + " | ".join(cols) + " |")
        lines.append("")
    out.mkdir(parents=True, exist_ok=True)
    (out / "editions.md").write_text("\n".join(lines) + "\n")
    pd.DataFrame(rows).to_csv(out / "editions_aliens.csv", index=False)
    print(out / "editions.md")


if __name__ == "__main__":
    main(*sys.argv[1:3])
