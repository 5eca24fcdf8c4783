"""The match runner: the plan, one game with engines, records, the SPRT, ratings, the summary.

It hands nothing on: :func:`modern_art.agents.match.runner.run_match` runs a match.
"""
