#!/usr/bin/env python3
"""Fills the numerus forms of translations/halolink_en.ts (a -pluralonly catalogue):
singular and plural from the source text, "(s)" -> "" / "s"; texts whose verb or
pronoun follows the number are written out by hand (OVERRIDES). Finished forms
are left as they are. The catalogue's language is "en" (the file name's; a
fresh lupdate writes en_US)."""
import re, sys
import xml.etree.ElementTree as ET

OVERRIDES = {
    "%n failure(s) block the setup: fix them and probe again, or override with a reason.":
        ("%n failure blocks the setup: fix it and probe again, or override with a reason.",
         "%n failures block the setup: fix them and probe again, or override with a reason."),
    "RDMA works between every pair; %n pair(s) have notes worth reading. %1 keeps the change and saves the cluster.":
        ("RDMA works between every pair; %n pair has notes worth reading. %1 keeps the change and saves the cluster.",
         "RDMA works between every pair; %n pairs have notes worth reading. %1 keeps the change and saves the cluster."),
    "%n node(s) failed and undid their own steps. The others still carry the change: roll them back, or fix the problem and apply again.":
        ("%n node failed and undid its own steps. The others still carry the change: roll them back, or fix the problem and apply again.",
         "%n nodes failed and undid their own steps. The others still carry the change: roll them back, or fix the problem and apply again."),
}

def forms(source):
    if source in OVERRIDES:
        return OVERRIDES[source]
    if re.search(r"\((?!s\))[a-z]+\)", source):
        sys.exit("write this one by hand (OVERRIDES): " + source)
    return source.replace("(s)", ""), source.replace("(s)", "s")

path = sys.argv[1]
text = open(path, encoding="utf-8").read()
tree = ET.ElementTree(ET.fromstring(text))
for m in tree.getroot().iter("message"):
    if m.get("numerus") != "yes":
        continue
    t = m.find("translation")
    nf = t.findall("numerusform")
    if t.get("type") != "unfinished" and all(f.text for f in nf):
        continue
    one, many = forms(m.find("source").text)
    nf[0].text, nf[1].text = one, many
    t.attrib.pop("type", None)
# lupdate's own layout: rewrite only the <translation> elements in the text
out = []
pos = 0
msgs = [m for m in tree.getroot().iter("message")]
pattern = re.compile(r"<message numerus=\"yes\">.*?</message>", re.S)
def esc(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("'", "&apos;").replace('"', "&quot;")
it = iter(m for m in msgs if m.get("numerus") == "yes")
def repl(match):
    m = next(it)
    block = match.group(0)
    nf = m.find("translation").findall("numerusform")
    new = "<translation>\n" + "".join("            <numerusform>%s</numerusform>\n" % esc(f.text) for f in nf) + "        </translation>"
    return re.sub(r"<translation[^>]*>.*?</translation>", lambda _: new, block, flags=re.S)
text = pattern.sub(repl, text)
text = text.replace('<TS version="2.1" language="en_US">', '<TS version="2.1" language="en">', 1)
open(path, "w", encoding="utf-8").write(text)
