"""Tests of the project as a whole: packaging, docs, examples, typing, the compiled build."""
