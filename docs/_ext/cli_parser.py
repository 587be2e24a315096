"""The ``ofc-fast`` argument parser, for the CLI reference page (sphinx-argparse).

The command line builds its parser inside ``ofc_fast.cli.main``; this catches
the parser at its first parse, so the page always shows the parser that runs.
"""
import argparse


class _Caught(BaseException):
    def __init__(self, parser: argparse.ArgumentParser) -> None:
        super().__init__()
        self.parser = parser


def parser() -> argparse.ArgumentParser:
    """The top-level parser of ``ofc-fast``, with its subcommands."""
    from ofc_fast.cli import main

    original = argparse.ArgumentParser.parse_known_args

    def catch(self, *args, **kwargs):
        raise _Caught(self)

    argparse.ArgumentParser.parse_known_args = catch
    try:
        main(["--help"])
    except _Caught as caught:
        return _preformatted(caught.parser)
    finally:
        argparse.ArgumentParser.parse_known_args = original
    raise RuntimeError("ofc_fast.cli.main parsed no arguments")


def _preformatted(parser: argparse.ArgumentParser) -> argparse.ArgumentParser:
    """Texts laid out for the terminal (several lines: tables of formats) as literal blocks,
    shown as ``--help`` shows them rather than read as reStructuredText."""
    parsers = [parser] + [sub for action in parser._actions if isinstance(action, argparse._SubParsersAction)
                          for sub in action.choices.values()]
    for p in parsers:
        for attr in ("description", "epilog"):
            text = getattr(p, attr)
            if text and "\n" in text.strip():
                setattr(p, attr, "::\n\n" + "\n".join("   " + line for line in text.splitlines()))
    return parser
