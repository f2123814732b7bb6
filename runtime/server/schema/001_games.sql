-- The games a server plays: each is the row that created it and the log of the actions it
-- acknowledged, in order, each with the beat and the world's checksum it came to. Playing
-- the log again from the create row gives the game back as it stood.
--
-- Plain SQL that SQLite and PostgreSQL both read: TEXT, INTEGER and BIGINT columns, no
-- AUTOINCREMENT, no BOOLEAN; numbers that order rows are written by the store itself.

-- number: the creation order (1, 2, ...). seed: the seed as a signed 64-bit integer (the
-- same bits), NULL when the create message gave none. ended: how the game ended (won, lost,
-- abandoned ...), NULL while it is played.
CREATE TABLE games (
    id TEXT PRIMARY KEY,
    number BIGINT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    seed BIGINT,
    seats INTEGER NOT NULL,
    ended TEXT
);

-- The packs the create message named, in its order.
CREATE TABLE game_packs (
    game TEXT NOT NULL REFERENCES games (id),
    position INTEGER NOT NULL,
    pack TEXT NOT NULL,
    PRIMARY KEY (game, position)
);

-- The seats the create message named, from 1: a bot's name, or '' for a person.
CREATE TABLE game_seats (
    game TEXT NOT NULL REFERENCES games (id),
    seat INTEGER NOT NULL,
    bot TEXT NOT NULL,
    PRIMARY KEY (game, seat)
);

-- Who holds a seat: a row a claimed seat, its token (64 hex digits); none a free seat.
CREATE TABLE seat_tokens (
    game TEXT NOT NULL REFERENCES games (id),
    seat INTEGER NOT NULL,
    token TEXT NOT NULL,
    PRIMARY KEY (game, seat)
);

-- The actions acknowledged, from 1 in each game: the seat that acted (0 the server: a
-- question's time ran out), the message as srv_msg_encode writes it, and the beat and
-- checksum the game came to once it was applied.
CREATE TABLE actions (
    game TEXT NOT NULL REFERENCES games (id),
    position BIGINT NOT NULL,
    seat INTEGER NOT NULL,
    message TEXT NOT NULL,
    beat BIGINT NOT NULL,
    checksum TEXT NOT NULL,
    PRIMARY KEY (game, position)
);
