"""What a report's answer box must not contain: the check the report tests share (not a test file)."""
import re

FORBIDDEN = ("Holm", "Cochran", "I²", "I^2", "TOST", "p <", "p&lt;", "p &lt;", "Kendall", "Plackett", "MDD",
             "random-effects", "Bonferroni", "-0.0", "−0.0", "0.00%", " pp")


def assert_plain(box: str) -> None:
    """An answer box a designer reads: no statistical names, no raw fractions (0.252), no "-0.0"."""
    text = re.sub(r"<[^>]+>", " ", box)
    for word in FORBIDDEN:
        assert word not in text, (word, text)
    # a raw fraction (0.252), not a percentage; a mean count below one reads 0.31
    assert not re.search(r"(?<![\d.])0\.\d{3,}(?![\d%])", text), text


def answer_box(page: str) -> str:
    """The answer box of a report page without its folded statistics."""
    start = page.index("<div class='headline'")
    end = page.find("<details class='detail'>", start)
    return page[start:end if end > 0 else page.index("</div>", page.index("id='plain-answer'"))]
