"""A card whose own build runs a build that must build (optional: false), outside any choice, cannot
be built when nothing is left to build, and a menu then silently never offers it: W504 says so at
the inner build (an error under --strict)."""

from __future__ import annotations

FOREMAN = """id: foreman
name: Foreman
kind: card
text: When built, build a card from the discard pile for free.
effects:
  - on: built
    do:
      - if:
          test: {gte: [{value: coins}, 0]}
          then:
            - build: {card: {zone: discard}, free: true, optional: false}
examples:
  - name: builds from the discard
    given: {discard: [good]}
    when: {build: foreman, by: p1}
    expect: {discard: [], p1: {city: [foreman, good]}}
"""

IN_A_CHOICE = FOREMAN.replace(
    "      - if:\n          test: {gte: [{value: coins}, 0]}\n          then:\n            - build:",
    "      - may:\n            - build:",
).replace("When built, build", "When built, you may build")


def test_a_mandatory_inner_build_is_told(ostraka, mini_game):
    (mini_game / "foreman.yaml").write_text(FOREMAN)
    result = ostraka("check", "--no-cache", "--format", "json", "cards/mini", cwd=mini_game.parent.parent)
    found = [(d["code"], d["line"], d["column"]) for d in result.json()["diagnostics"]]
    assert ("W504", 11, 22) in found, found
    strict = ostraka("check", "--no-cache", "--strict", "cards/mini", cwd=mini_game.parent.parent)
    assert strict.exit_code == 1 and "W504" in strict.output, strict.output


def test_a_build_in_a_choice_is_not(ostraka, mini_game):
    (mini_game / "foreman.yaml").write_text(
        IN_A_CHOICE.replace("expect: {discard: []", "answers: {p1: [yes]}\n    expect: {discard: []")
    )
    result = ostraka("check", "--no-cache", "--strict", "cards/mini", cwd=mini_game.parent.parent)
    assert result.exit_code == 0, result.output
