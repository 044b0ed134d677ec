"""What the Nurimeizu sweeps know about each cell, in row-major sweep order.

One row of ``info`` per cell: its row and column, its icon, the slot that holds
its room's colour while the room is open (slots are reused once a room closes),
whether it is its room's first or last cell, the icons above and to its left,
and how many of its neighbours come after it.  Shared by the path-mark sweep
(``path_sweep``, for icon sets) and the solver (``solve``).
"""
from __future__ import annotations

import numpy as np

BLACK, WHITE, PATH, NONE = 0, 1, 2, 3
NO_ICON, ICON_S, ICON_G, ICON_O, ICON_T = 0, 1, 2, 3, 4
ICON_CODE = {"S": ICON_S, "G": ICON_G, "o": ICON_O, "t": ICON_T}
# info columns per cell
I_R, I_C, I_ICON, I_ROOM, I_FIRST, I_LAST, I_LATER, I_ICON_UP, I_ICON_LEFT, I_DOWN = range(10)


def room_slots(p) -> tuple[np.ndarray, int]:
    """A slot per room, reused once the room is closed (interval colouring in sweep order)."""
    order = p.cells()
    index = {x: i for i, x in enumerate(order)}
    spans = sorted((index[cells[0]], index[cells[-1]], rid)
                   for rid, cells in enumerate(p.room_cells()))
    slot_of = np.zeros(p.nrooms, dtype=np.int64)
    free: list[int] = []
    busy: list[tuple[int, int]] = []  # (last index, slot)
    nslots = 0
    for first, last, rid in spans:
        busy.sort()
        while busy and busy[0][0] < first:
            free.append(busy.pop(0)[1])
        if free:
            s = free.pop()
        else:
            s, nslots = nslots, nslots + 1
        slot_of[rid] = s
        busy.append((last, s))
    return slot_of, nslots


def cell_info(p) -> tuple[np.ndarray, int]:
    """(the per-cell table described in the module docstring, the number of room slots)."""
    slot_of, nslots = room_slots(p)
    cells = p.cells()
    room_cells = p.room_cells()
    info = np.zeros((len(cells), 10), dtype=np.int64)
    for i, (r, c) in enumerate(cells):
        rid = p.rooms[(r, c)]
        row = info[i]
        row[I_R], row[I_C] = r, c
        row[I_ICON] = ICON_CODE.get(p.icons.get((r, c)), NO_ICON)
        row[I_ROOM] = slot_of[rid]
        row[I_FIRST] = room_cells[rid][0] == (r, c)
        row[I_LAST] = room_cells[rid][-1] == (r, c)
        if r > 0:
            row[I_ICON_UP] = ICON_CODE.get(p.icons.get((r - 1, c)), NO_ICON)
        if c > 0:
            row[I_ICON_LEFT] = ICON_CODE.get(p.icons.get((r, c - 1)), NO_ICON)
        # neighbours decided after this cell: right and down
        row[I_LATER] = (c < p.cols - 1) + (r < p.rows - 1)
        row[I_DOWN] = r < p.rows - 1
    return info, nslots

