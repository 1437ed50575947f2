import gc

# A start makes tens of thousands of objects (modules, classes, functions) that live as
# long as the process: collecting garbage among them finds none and costs ~5% of the
# start. The cabinet turns collection back on, with those objects frozen, once it is up
# (handheld/tools/runner.py); every other command at once (handheld/tools/cli.py).
gc.disable()

from handheld.tools.cli import main  # noqa: E402

raise SystemExit(main())
