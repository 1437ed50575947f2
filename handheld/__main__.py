from handheld.cli import main

raise SystemExit(main())
