#!/usr/bin/env bash
# Regenerate every committed example report under reports/examples/ with the current code.
#
# Each sweep example is run (or resumed: results/<name> is kept, so a second call only redraws the
# pages) with the game counts of its definition in configs/sweeps, then its report is written over
# reports/examples/<name>/. The tune example is redrawn from its committed tune.json and trials.csv
# (rerunning the tune itself takes several minutes: `simsuite tune configs/tunes/star-cartel-fair-seats.toml`).
#
#   tools/regen_examples.sh                 # all examples
#   tools/regen_examples.sh cosmic-aliens   # just these
#   FRESH=1 tools/regen_examples.sh ...     # delete results/<name> first (after an engine or bot change)
#
# Run from the repository root; PYTHONPATH is set to it so that this tree's code is used.
set -euo pipefail
cd "$(dirname "$0")/.."
export PYTHONPATH="$PWD${PYTHONPATH:+:$PYTHONPATH}"
SWEEPS=(star-cartel-crash space-venture-players cosmic-editions cosmic-power-value cosmic-aliens cosmic-ladder cosmic-aliens-ladder)
TUNES=(star-cartel-fair-seats)
PLANS=(cosmic-alien-bands cosmic-alien-bands-ffg5)  # redrawn from their committed tables (the plan itself: simsuite tune --config configs/tunes/<name>.toml)
# a designer's own question: the same results asked about one player count (a report --focus), and a
# homebrew alien placed among the classics (the docs' recipe, its folder of alien files)
declare -A FOCUSED=([star-cartel-crash-5p]="star-cartel-crash players=5" [space-venture-3p]="space-venture-players players=3")
PLUGINS=(cosmic-underdog)
want=("$@")
[ ${#want[@]} -eq 0 ] && want=("${SWEEPS[@]}" "${TUNES[@]}" "${PLANS[@]}" "${!FOCUSED[@]}" "${PLUGINS[@]}")
for name in "${want[@]}"; do
  if [[ -n "${FOCUSED[$name]:-}" ]]; then
    read -r src focus <<< "${FOCUSED[$name]}"
    [ -d "results/$src" ] || python -m simsuite.cli sweep --config "configs/sweeps/$src.toml" --out "results/$src" --quiet
    rm -rf "reports/examples/$name"
    python -m simsuite.cli report "results/$src" --focus "$focus" --out "reports/examples/$name" --quiet
  elif [[ " ${PLUGINS[*]} " == *" $name "* ]]; then
    [ -n "${FRESH:-}" ] && rm -rf "results/$name"
    python -m simsuite.cli sweep --config examples/aliens/underdog.toml --plugin-dir examples/aliens --out "results/$name" --quiet
    rm -rf "reports/examples/$name"
    python -m simsuite.cli report "results/$name" --plugin-dir examples/aliens --out "reports/examples/$name" --quiet
  elif [[ " ${PLANS[*]} " == *" $name "* ]]; then
    dir=reports/examples/$name
    tmp=$(mktemp -d)
    python -m simsuite.cli report "$dir" --out "$tmp" --quiet
    cp "$tmp"/* "$dir/"
    rm -rf "$tmp"
  elif [[ " ${TUNES[*]} " == *" $name "* ]]; then
    dir=reports/examples/$name
    tmp=$(mktemp -d)
    cp "$dir/tune.json" "$dir/trials.csv" "$tmp/"
    python -m simsuite.cli report "$tmp" --out "$dir" --quiet
    rm -rf "$tmp"
  else
    [ -n "${FRESH:-}" ] && rm -rf "results/$name"
    rm -rf "reports/examples/$name"
    python -m simsuite.cli report "$name" --out "reports/examples/$name" --quiet
  fi
  echo "regenerated reports/examples/$name"
done
