"""Game loop, clock, seeded RNG, state hashing and replays: nothing here draws."""
