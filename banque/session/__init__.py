"""A table's session, above the games and below the table, the wire and the commands:
who acts, computer seats, curtains, the journal, start, record and resume."""
