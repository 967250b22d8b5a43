#!/usr/bin/env python3
"""Completes the man page swift-argument-parser's generate-manual writes for `wayfinder`
(SYNOPSIS, DESCRIPTION and the subcommands, from the command line's own help) with what
only a person can write: the REPL's synopsis and commands, ENVIRONMENT, FILES and an EXIT
STATUS table. Usage: scripts/finish-man-page.py GENERATED OUTPUT (`make release` runs it)."""
import sys

REPL_SYNOPSIS = """.Nm
.Op Ar URL ...
.Op Fl c Ar command ... | Fl f Ar file
.Op Fl -bail
.Op Fl -echo
.Op Fl -fresh
.Op Fl -data-dir Ar dir
"""

REPL_COMMANDS = """.Sh REPL COMMANDS
At the prompt, or from
.Fl c ,
.Fl f
or a pipe, a line is a command and its words, split at spaces; a word in double or single
quotes may hold spaces; everything else is kept as typed.
.Ic help
lists the commands of the screen on show and the global ones:
.Bl -tag -width 14n
.It Ic help Op Ar command
the commands of this screen and the global ones, or one explained
.It Ic back
dismiss the sheet or alert, else go back one screen
.It Ic root
go back to the first screen of the tab or flow
.It Ic open Ar url
open a deep link
.It Ic explain Ar url
what a deep link would open and why, or where and why it is refused
.It Ic where
print the link of what is on screen
.It Ic state
print the whole navigation state as one JSON line
.It Ic tab Ar name
switch to another tab of the flow
.It Ic dismiss
dismiss the sheet or alert
.It Ic undo , Ic redo
step back and forward through the navigation
.It Ic logout
sign out at once
.It Ic quit , Ic exit
leave (Ctrl-D works too)
.El
"""

ENVIRONMENT = """.Sh ENVIRONMENT
.Bl -tag -width 16n
.It Ev WAYFINDER_HOME
the data directory, when
.Fl -data-dir
is not given; set but empty, it is a usage error (64), never a fallback to the default, and a
missing parent of the directory it names is an error (74; the directory itself is created)
.It Ev XDG_DATA_HOME
the data directory is
.Pa $XDG_DATA_HOME/wayfinder
when neither of the above is given (ignored when empty or relative)
.It Ev HOME
else
.Pa ~/.local/share/wayfinder
(not when
.Ev HOME
is empty or relative), and the history in
.Pa ~/.local/state/wayfinder
.It Ev XDG_STATE_HOME
the history is
.Pa $XDG_STATE_HOME/wayfinder/history
(ignored when empty or relative)
.It Ev NO_COLOR
set, no colour
.It Ev TERM
.Li dumb ,
no colour
.El
.Pp
A variable naming the data or history directory
.Pf ( Ev WAYFINDER_HOME ,
.Ev XDG_DATA_HOME ,
.Ev XDG_STATE_HOME ,
.Ev HOME )
whose value is not valid UTF-8 is refused when it would be used (64, naming it), never
repaired or replaced by a fallback.
"""

FILES = """.Sh FILES
.Bl -tag -width 16n
.It Pa DATA/wayfinder.sqlite
the SQLite database: users, posts, comments, likes, settings, sessions (with
.Pa -wal
and
.Pa -shm
beside it while a process has it open)
.It Pa DATA/session
the token of the signed-in user (mode 0600)
.It Pa DATA/navigation.json
the navigation, saved after each command and restored at the next start (mode 0600)
.It Pa DATA/navigation.json.corrupt-YYYYMMDDTHHMMSSZ
a saved navigation that could not be used as it was, set aside at start with a warning
.It Pa DATA/in-use.lock
empty: each process on the data directory holds a shared lock on it while it runs, so that
.Ic reset
removes nothing under it
.It Pa DATA/wayfinder.sqlite.damaged-TIME
a damaged database (with its
.Pa -wal
and
.Pa -shm ) ,
set aside by
.Ic reset
.It Pa $XDG_STATE_HOME/wayfinder/history
the REPL's history, else
.Pa ~/.local/state/wayfinder/history
(mode 0600; passwords never enter it)
.El
.Pp
.Pa DATA
is the data directory:
.Fl -data-dir ,
else
.Ev WAYFINDER_HOME ,
else
.Pa $XDG_DATA_HOME/wayfinder ,
else
.Pa ~/.local/share/wayfinder .
It is created when missing (mode 0700), with a note on standard error.
.Ic reset
removes the database, the session and the saved navigation, and nothing else.
"""

EXIT_STATUS = """.Sh EXIT STATUS
.Bl -tag -width 6n
.It 0
success
.It 1
a command from
.Fl c ,
.Fl f
or a pipe failed;
.Ic state check
had to drop part of a state;
.Ic routes diff
found a breaking change no migration covers, or a table changed without raising its version;
.Ic routes coverage
reached fewer screens than
.Fl -fail-under
asks
.It 64
a usage error: an unknown command, option or value; an empty
.Fl -data-dir
or
.Ev WAYFINDER_HOME ;
a variable naming a directory that is not valid UTF-8 (see
.Sx ENVIRONMENT ) ;
.Ic reset
on a directory that is not a Wayfinder data directory; a command from
.Fl c ,
.Fl f
or a pipe given arguments it does not take
.It 65
a deep link was rejected, or names data that does not exist (for
.Ic resolve - ,
any of the links);
.Ic reset
found a file that is not the app's;
.Ic state check
was given a file that is not a saved state
.It 66
a file could not be read
.It 74
data could not be read or written (the data directory or database cannot be opened, or a
command failed on it), the parent of a data directory named by
.Fl -data-dir
or
.Ev WAYFINDER_HOME
does not exist, or output cannot be written
.It 75
every command succeeded, but the navigation could not be saved at the end; for
.Cm reset :
a running session uses the data directory, and nothing was removed
.It 77
.Ic open
was given a link that asks to be confirmed, which a one-shot command cannot ask; nothing
was opened
.It 78
a routes file is invalid
.It 129 , 143
ended by SIGHUP or SIGTERM (the navigation was saved)
.It 130
ended by Ctrl-C (SIGINT) away from the REPL's prompt (a script, a pipe, a one-shot
command); the navigation saved as it changed stays
.It 141
standard output was closed (as after SIGPIPE; the navigation was saved)
.El
"""


def main() -> None:
    generated, output = sys.argv[1], sys.argv[2]
    with open(generated, encoding="utf-8") as file:
        page = file.read()
    description = page.index(".Sh DESCRIPTION")
    page = page[:description] + REPL_SYNOPSIS + page[description:]
    exit_status = page.rindex('.Sh "EXIT STATUS"')
    page = page[:exit_status].rstrip("\n") + "\n" + REPL_COMMANDS + ENVIRONMENT + FILES + EXIT_STATUS
    with open(output, "w", encoding="utf-8") as file:
        file.write(page)


if __name__ == "__main__":
    main()
