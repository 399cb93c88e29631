"""English left on a 中文 page: the Latin words of the page's displayed text (not a test module;
start_page_test, tournament_page_test, arbiter_desk_test, analysis_mode_test and
board_comforts_test use it).

`latin_words(driver, allow=(), skip=())` reads the text nodes of the elements the page displays
(checkVisibility, so hidden and display:none elements are left out; SVG text included) and the
options of the displayed selects (a reader opens them). It leaves out scripts, styles, textareas
(what the user typed), tooltips (<title>), the language switch, the brand and whatever the CSS
selectors in `skip` match. From that text it drops links' addresses and resource names
("games/…", "tournaments/…") and returns the words of two or more Latin letters in a row, so
move notation is no word: ICCS moves (h2e2), gomoku points (h8), WXF (C2.5). Names are not
English either: the project's name, the language switch's "English", the file formats and
notations the pages name (FEN, TRF, CSV, PGN, ICCS, WXF, XQF, RIF), the Tab key (as printed on
the key) and the `allow` words a test passes (its players' names, its page's keys and
encodings) are left out. The answer is a list of (word, the text it was found in), in page
order, each pair once: [] when the page shows no English.
"""

import re

ALWAYS_ALLOWED = {"caipan", "English", "FEN", "TRF", "CSV", "PGN", "ICCS", "WXF", "XQF", "RIF",
                  "Tab"}

# The displayed text nodes of the body, as strings.
DISPLAYED_TEXTS = """
    const skip = ['script', 'style', 'noscript', 'template', 'textarea', 'title',
                  '[data-lang-switch]', '.brand'].concat(arguments[0]).join(',');
    const shown = (element) => element.checkVisibility({visibilityProperty: true});
    const out = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !node.textContent.trim() || parent.closest(skip)) continue;
      const option = parent.closest('option');
      if (option) {  // an option has no box of its own: it is shown when its select is
        const select = option.closest('select');
        if (!select || !shown(select) || option.hidden || option.closest('optgroup[hidden]'))
          continue;
      } else if (!shown(parent)) {
        continue;
      }
      out.push(node.textContent);
    }
    return out;"""


def latin_words(driver, allow=(), skip=()):
    allowed = ALWAYS_ALLOWED | set(allow)
    found = []
    for text in driver.execute_script(DISPLAYED_TEXTS, list(skip)):
        context = " ".join(text.split())[:80]
        text = re.sub(r"https?://\S+", " ", text)
        text = re.sub(r"\b(games|tournaments)/[\w.-]+", " ", text)
        for word in re.findall(r"[A-Za-z][A-Za-z'’-]*[A-Za-z]", text):
            if word not in allowed and (word, context) not in found:
                found.append((word, context))
    return found
