"""Every generated reference file, the commands page among them: what `ostraka schema --write` writes.

docs/commands.md is read off the click commands themselves (their help, arguments and options, with
each option's default), so it cannot say what the command line does not do. It lives here, above
the outputs, because only the command line may import the command line.
"""

from __future__ import annotations

import inspect
from pathlib import Path

import click

# One example a command, run as written from the repository's root (tests/contracts/test_command_examples.py runs the
# ones that finish quickly).
EXAMPLES = {
    "check": "ostraka check cards/seven_wonders --strict",
    "build": "ostraka build --check",
    "watch": "ostraka watch cards/olympus",
    "lsp": "ostraka lsp                 # started by your editor (docs/editors.md)",
    "explain": "ostraka explain west_trading_post",
    "cards": "ostraka cards attika --format json",
    "deck": "ostraka deck seven_wonders --players 5 --age 3 --seed 7",
    "new": "ostraka new trireme            # a whole new game under cards/trireme/\n"
    "ostraka new trireme building harbour   # one more card of kind 'building'",
    "diff": "ostraka diff main . --format markdown",
    "sheet": "ostraka sheet olympus --pdf --paper Letter",
    "pnp": "ostraka pnp seven_wonders --players 4",
    "export": "ostraka export attika --format xlsx",
    "schema": "ostraka schema --write",
    "play": "ostraka play seven_wonders --players 3 --seed 1",
    "simulate": "ostraka simulate seven_wonders --players 4 --games 200 --seed 1 --bots greedy,random,random,random",
    "sweep": "ostraka sweep seven_wonders tests/fixtures/variants/no_tavern.yaml --players 3 --games 50",
}


def _default(param: click.Option, ctx: click.Context) -> str:
    if param.required:
        return "required"
    default = param.get_default(ctx, call=False)
    if param.is_flag and not isinstance(default, str):
        return "on" if default is True else "off"
    if default is None or default == () or not isinstance(default, str | int | float):
        return "none"
    return f"`{default}`"


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def _command(name: str, command: click.Command, parent: click.Context) -> list[str]:
    ctx = click.Context(command, info_name=name, parent=parent)
    usage = " ".join(command.collect_usage_pieces(ctx))
    out = ["", f"## {name}", "", "```text", f"ostraka {name} {usage}".rstrip(), "```", ""]
    out += [inspect.cleandoc(command.help or ""), ""]
    arguments = [p for p in command.params if isinstance(p, click.Argument)]
    if arguments:
        out += ["| argument | |", "| --- | --- |"]
        for arg in arguments:
            shape = "optional" if not arg.required else "required"
            if arg.nargs == -1:
                shape = "any number" if not arg.required else "one or more"
            out.append(f"| `{arg.human_readable_name}` | {shape} |")
        out.append("")
    options = [p for p in command.params if isinstance(p, click.Option) and not p.hidden]
    out += ["| option | default | meaning |", "| --- | --- | --- |"]
    for opt in options:
        names = ", ".join(f"`{o}`" for o in opt.opts)
        if not opt.is_flag:
            choices = getattr(opt.type, "choices", None)
            names += f" ({', '.join(f'`{c}`' for c in choices)})" if choices else f" `{opt.make_metavar(ctx)}`"
        out.append(f"| {names} | {_default(opt, ctx)} | {_cell(opt.help or '')} |")
    out.append("| `-h`, `--help` | | Show the command's help and exit. |")
    out += ["", "Example:", "", "```sh", EXAMPLES[name], "```"]
    return out


def commands_md(cli: click.Group) -> str:
    """The page for the `ostraka` group (main.cli, handed in: this module is imported by a command)."""
    root = click.Context(cli, info_name="ostraka")
    out = [
        "# Commands",
        "",
        "<!-- Generated from the click commands (compiler/cli/): run `make schema` after changing one.",
        "     A test fails when this page is stale. -->",
        "",
        "Every command takes `-h`/`--help`. Exit codes: 0 clean, 1 findings (or a game with errors),",
        "2 a usage error or a failure of ostraka or of the machine. A game is named by its id or its",
        "folder (`olympus`, `cards/olympus`); a card by its id, or `game:card` when two games have it.",
        "",
        "| command | what it does |",
        "| --- | --- |",
    ]
    for name, command in cli.commands.items():
        out.append(f"| [{name}](#{name}) | {_cell(command.get_short_help_str(limit=200))} |")
    for name, command in cli.commands.items():
        out += _command(name, command, root)
    return "\n".join(out) + "\n"


def reference_files(cli: click.Group, root: Path | None = None) -> dict[str, str]:
    """Every generated reference file by its path (outputs/docs_gen.py's, and the commands page)."""
    from ..outputs.docs_gen import reference_files as generated

    files = generated(root)
    files["docs/commands.md"] = commands_md(cli)
    return files
