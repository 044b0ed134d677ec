"""Nurimeizu in the studio: its board editor (rooms by walls, icons), and the design view
(the icon sets of a drawn maze and its colouring; unique mazes generated)."""
from __future__ import annotations

import itertools
from collections.abc import Callable

from ..common.studio_part import (Params, SEED_FIELD, StudioError, StudioPart, Task, cells_of,
                           check_generate, count, generated, integer, listing, number_field, page,
                           puzzle_params, room_labels, rows_grid, size_fields)
from . import design
from .puzzle import Puzzle

__all__ = ["PART"]

_ROOMS = "Click near a cell side to toggle its wall; Shift+arrow toggles the wall on that side."
EDITOR = {
    "layout": "rooms", "blank": ".",
    "tools": [["S", "S"], ["G", "G"], ["o", "○ circle"], ["t", "△ triangle"], ["erase", "erase icon"]],
    "typed": [["^[sSgG]$", "upper"], ["^[oOtT]$", "lower"]],
    "glyphs": {"o": "○", "t": "△"},
    "keys": f"Arrows move; s g o t place S, G, circle, triangle; Backspace clears. {_ROOMS}",
}

#: the maze editor of the design view: rooms, S, G and the black cells of its colouring
MAZE_EDITOR = {
    "layout": "rooms", "blank": ".", "layers": {"black": False},
    "tools": [["black", "■ black cell"], ["S", "S"], ["G", "G"], ["erase", "erase"]],
    "layer_tools": {"black": "black"},
    "typed": [["^[sSgG]$", "upper"], ["^[bB]$", {"set": "black"}]],
    "glyphs": {"o": "○", "t": "△"},
    "keys": f"Arrows move; b toggles black; s g place S and G; Backspace clears. {_ROOMS}",
}


def _board(p: Puzzle) -> dict:
    return {"rows": p.rows, "cols": p.cols, "rooms": p.room_grid(),
            "icons": [[icon or "." for icon in row] for row in p.icon_grid()]}


def _from_board(board: dict) -> Puzzle:
    rooms, icons = room_labels(board)
    return Puzzle.from_rooms(rooms, icons)


def _black_rows(p: Puzzle, black) -> str:
    return "/".join("".join("#" if (r, c) in black else "." for c in range(p.cols))
                    for r in range(p.rows))


def _check_icons(params: Params) -> Params:
    out = {**puzzle_params("nurimeizu", Puzzle, _from_board, params), **page(params)}
    p = Puzzle.from_url(out["url"])
    grid = rows_grid(params.get("black"), "black", "#.")
    if (len(grid), len(grid[0])) != (p.rows, p.cols):
        raise StudioError(f"black: expected {p.rows} rows of {p.cols} cells like the board")
    out["black"] = [list(x) for x in cells_of(grid, "#")]
    return out


def _run_icons(params: Params, progress: Callable) -> dict:
    """Every icon set that makes the colouring the maze's only solution; one page of the
    smallest."""
    p = Puzzle.from_url(params["url"])
    bare = Puzzle(p.rows, p.cols, p.rooms, {x: i for x, i in p.icons.items() if i in "SG"})
    good = design.icon_sets(bare, [tuple(x) for x in params["black"]], progress=progress)
    sizes = good.by_size()
    least = design.minimum_icon_sets(good)
    offset, limit = params["offset"], params["limit"]
    members = [(Puzzle(p.rows, p.cols, p.rooms, {**bare.icons, **dict(K)}), len(K), None)
               for K in itertools.islice(least, offset, offset + limit)]
    size = f" with {min(sizes)} icons" if sizes else ""
    return {"counts": {"good": count(good.count()), "minimal": count(good.minimal().count()),
                       "minimum": count(least.count())},
            "minimum_size": min(sizes) if sizes else None, "total": count(least.count()),
            "unit": "icons", "offset": offset, "caption": f"Minimum icon sets{size}",
            "instances": listing(members, offset)}


def _check_generate(params: Params) -> Params:
    out = check_generate(params, 20, least=2)
    out["largest_room"] = integer(params, "largest_room", 1, 64, 4)
    return out


def _run_generate(params: Params, progress: Callable) -> dict:
    p = design.generate(params["rows"], params["cols"], seed=params["seed"],
                        largest_room=params["largest_room"], progress=progress)
    black = _black_rows(p, p.solution())
    return generated("nurimeizu", p, _board(p), params["seed"], f"{p.nrooms} rooms",
                     rooms=p.nrooms, black=black, layers={"black": black})


VIEW = {
    "title": "Nurimeizu",
    "sections": [{
        "heading": "Draw a maze: rooms, S, G and its black cells",
        "fields": [*size_fields("", 2, 30, 4, 4)],
        "editor": MAZE_EDITOR,
        "buttons": [{"id": "new", "label": "New board", "action": "new"},
                    {"id": "use-generated", "label": "Use the generated one", "action": "use-generated"},
                    {"id": "compute", "label": "Icon sets", "primary": True, "task": "icons",
                     "show": "listing", "params": {"board": "board", "black": "layer:black"}}],
    }, {
        "heading": "Generate a unique maze",
        "fields": [*size_fields("g-", 2, 20, 6, 6),
                   number_field("g-room", "largest room", 1, 64, value=4),
                   SEED_FIELD],
        "buttons": [{"id": "generate", "label": "Generate", "task": "generate", "show": "generated",
                     "params": {"rows": "field:g-rows", "cols": "field:g-cols",
                                "largest_room": "field:g-room", "seed": "field:g-seed"}}],
    }],
    "counts": [["good", "icon sets"], ["minimal", "minimal"], ["minimum", "minimum"]],
}

PART = StudioPart(editor=EDITOR, to_board=_board, from_board=_from_board,
                  tasks={"icons": Task(_check_icons, _run_icons),
                         "generate": Task(_check_generate, _run_generate)},
                  view=VIEW)
