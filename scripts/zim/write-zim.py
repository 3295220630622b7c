"""
Writes a ZIM file with openZIM's own libzim, through its Python binding (Debian's
python3-libzim, or `pip install libzim`). scripts/zim.ts decides everything and hands it over
as a manifest: this is only the adapter to libzim's writer.

Usage: write-zim.py MANIFEST

MANIFEST is JSON lines. The first is the archive:
  {"out", "site", "mainPath", "language", "metadata": {name: text}, "illustration": base64 PNG}
then one line per file of the site, its path relative to "site":
  [path, title, mimeType, question]
A question's page is what Kiwix's title suggestions and random page pick from (a front
article) and what its full-text search finds; nothing else is either.
"""

import base64
import json
import os
import sys

try:
    from libzim.writer import Creator, FileProvider, Hint, Item
except ImportError:
    sys.stderr.write(
        "python3-libzim is not installed: it comes with Debian's python3-libzim"
        " (sudo apt-get install python3-libzim), or pip install libzim\n"
    )
    sys.exit(3)  # scripts/zim.ts reads 3 as "the library is missing"

ILLUSTRATION_SIZE = 48


class SiteFile(Item):
    def __init__(self, site, path, title, mimetype, front):
        super().__init__()
        self.site = site
        self.path = path
        self.title = title
        self.mimetype = mimetype
        self.front = front

    def get_path(self):
        return self.path

    def get_title(self):
        return self.title

    def get_mimetype(self):
        return self.mimetype

    def get_contentprovider(self):
        return FileProvider(os.path.join(self.site, self.path))

    def get_hints(self):
        return {Hint.FRONT_ARTICLE: self.front}


class UnindexedSiteFile(SiteFile):
    """A page the full-text index leaves out: a listing, whose excerpts would outrank the
    questions they come from."""

    def get_indexdata(self):
        return None


def write(manifest):
    archive = json.loads(manifest.readline())
    creator = Creator(archive["out"]).config_indexing(True, archive["language"])
    creator.config_nbworkers(max(1, os.cpu_count() or 1))
    with creator:
        creator.set_mainpath(archive["mainPath"])
        for name, value in archive["metadata"].items():
            creator.add_metadata(name, value)
        creator.add_illustration(ILLUSTRATION_SIZE, base64.b64decode(archive["illustration"]))
        for line in manifest:
            path, title, mimetype, question = json.loads(line)
            kind = SiteFile if question else UnindexedSiteFile
            creator.add_item(kind(archive["site"], path, title, mimetype, question))


if __name__ == "__main__":
    with open(sys.argv[1], encoding="utf-8") as manifest:
        write(manifest)
