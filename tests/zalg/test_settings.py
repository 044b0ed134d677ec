"""``zalg.configure``: the process's memory budget and heartbeat, set by a call; the
environment variables are the defaults when nothing was configured, and are never
written."""
from __future__ import annotations

import os

import pytest

import zalg
from zalg import Universe
from zalg.memory import DEFAULT_SHARE, default_budget, machine_memory
from zalg.progress import HEARTBEAT, heartbeat_seconds


@pytest.fixture
def fresh(monkeypatch):
    """No setting configured and no environment variable, restored afterwards."""
    monkeypatch.delenv("ZALG_MEMORY", raising=False)
    monkeypatch.delenv("ZALG_HEARTBEAT", raising=False)
    previous = zalg.configure(memory=None, heartbeat=None)
    yield
    zalg.configure(**previous)


def test_configure_sets_what_the_readers_return(fresh):
    environment = dict(os.environ)
    assert default_budget() == int(DEFAULT_SHARE * machine_memory())
    assert heartbeat_seconds() == HEARTBEAT
    assert zalg.configure(memory="300M", heartbeat=2.5) == {"memory": None, "heartbeat": None}
    assert (default_budget(), heartbeat_seconds()) == (300 << 20, 2.5)
    assert Universe("ab").memory == 300 << 20  # the budget of a universe made without memory=
    assert Universe("ab", memory="64M").memory == 64 << 20
    assert dict(os.environ) == environment  # nothing written to the environment


def test_a_keyword_left_out_keeps_its_setting_and_none_returns_to_the_default(fresh):
    zalg.configure(memory=1 << 30, heartbeat=7)
    assert zalg.configure(heartbeat=0.5) == {"memory": 1 << 30, "heartbeat": 7.0}
    assert (default_budget(), heartbeat_seconds()) == (1 << 30, 0.5)
    assert zalg.configure(memory=None) == {"memory": 1 << 30, "heartbeat": 0.5}
    assert (default_budget(), heartbeat_seconds()) == (int(DEFAULT_SHARE * machine_memory()), 0.5)


def test_the_environment_is_the_default_and_configure_wins_over_it(fresh, monkeypatch):
    monkeypatch.setenv("ZALG_MEMORY", "200M")
    monkeypatch.setenv("ZALG_HEARTBEAT", "12")
    assert (default_budget(), heartbeat_seconds()) == (200 << 20, 12.0)
    previous = zalg.configure(memory="100M", heartbeat=3)
    assert (default_budget(), heartbeat_seconds()) == (100 << 20, 3.0)
    zalg.configure(**previous)  # restores: back to the environment's
    assert (default_budget(), heartbeat_seconds()) == (200 << 20, 12.0)
    assert os.environ["ZALG_MEMORY"] == "200M" and os.environ["ZALG_HEARTBEAT"] == "12"


@pytest.mark.parametrize("settings, message", [
    ({"memory": "lots"}, "memory size"),
    ({"memory": "1k"}, "at least 16M"),
    ({"memory": True}, "memory size"),
    ({"heartbeat": 0}, "0.1 to 3600"),
    ({"heartbeat": float("nan")}, "0.1 to 3600"),
    ({"heartbeat": "soon"}, "0.1 to 3600"),
    ({"heartbeat": True}, "0.1 to 3600"),
    ({"memory": "300M", "heartbeat": 1e9}, "0.1 to 3600"),
])
def test_a_bad_value_raises_and_changes_nothing(fresh, settings, message):
    zalg.configure(memory="500M", heartbeat=4)
    with pytest.raises(ValueError, match=message):
        zalg.configure(**settings)
    assert (default_budget(), heartbeat_seconds()) == (500 << 20, 4.0)
