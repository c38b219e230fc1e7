"""Holland Tunnel (M7): landing on one moves the token directly to the other (no salary), where
the rules act; arriving through it does not trigger it again."""

from __future__ import annotations

from companion.rules.movement import ACTION_PARAMS, Landing
from companion.rules.spacekinds import landing

KIND = "holland_tunnel"
HOUSE_RULE = None
CODES: tuple[str, ...] = ()


@landing(KIND, notes={"action.holland_tunnel": ACTION_PARAMS | {"track"}})
def _land(at: Landing) -> None:
    if at.how == "tunnel":
        return
    exit_ = at.board.tunnel_exit(at.space)
    assert exit_ is not None
    text = f"Holland Tunnel: go directly to the other Holland Tunnel ({exit_.track} track)."
    at.action("holland_tunnel", text, track=exit_.track)
    at.then_tunnel(exit_)
