"""Screenshots of the committed example reports for the README and the docs (docs/img/*.png).

Takes the first screen (1400 x 1000 CSS px) of reports/examples/<name>/index.html with headless
Chromium (`apt-get install -y chromium`), halves it and stores it as a palette PNG, so the images
stay small. Run it again after the examples are regenerated:

    python tools/screenshot_examples.py                      # every page the docs show
    python tools/screenshot_examples.py star-cartel-crash    # just these
"""
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parents[1]
SHOTS = ("star-cartel-crash", "cosmic-aliens", "cosmic-editions", "space-venture-players")


def main() -> int:
    exe = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    if exe is None:
        print("error: chromium: not found; install it (apt-get install -y chromium)", file=sys.stderr)
        return 2
    out = ROOT / "docs" / "img"
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for name in sys.argv[1:] or SHOTS:
            page = ROOT / "reports" / "examples" / name / "index.html"
            raw = Path(tmp) / f"{name}.png"
            subprocess.run([exe, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                            f"--screenshot={raw}", "--window-size=1400,1000", page.as_uri()],
                           check=True, capture_output=True, timeout=120)
            im = Image.open(raw).convert("RGB")
            im = im.resize((im.width // 2, im.height // 2), Image.LANCZOS)
            im.quantize(colors=128, method=Image.Quantize.MEDIANCUT).save(out / f"{name}.png", optimize=True)
            print(f"{out / name}.png  {(out / f'{name}.png').stat().st_size:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
