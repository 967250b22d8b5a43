#!/usr/bin/env bash
# Reads the bash completion script that `PROGRAM --generate-completion-script bash` prints and
# writes it with completion for PROGRAM's default subcommand: swift-argument-parser completes
# only the subcommands' names where the line names none, so `PROGRAM -<Tab>` offered no option
# of the REPL that `PROGRAM` alone runs.
#
#   PROGRAM --generate-completion-script bash | scripts/finish-bash-completion.sh PROGRAM SUBCOMMAND
set -euo pipefail
program=$1
default=$2
function=_${program//[^A-Za-z0-9_]/_}
generated=$(cat)
registration="complete -o filenames -F ${function} ${program}"
if [[ "${generated}" != *"${registration}"* ]]; then
    echo "error: the generated script does not end with '${registration}'" >&2
    exit 1
fi
subcommands=$(sed -n "s/^        COMPREPLY+=(\$(compgen -W '\(.*\)' -- \"\${cur}\"))$/\1/p" <<<"${generated}" | head -n 1)
if [[ -z "${subcommands}" ]]; then
    echo "error: the generated script lists no subcommands" >&2
    exit 1
fi
printf '%s\n' "${generated%"${registration}"*}"
cat <<SCRIPT
# A line whose first word is not a subcommand (an option or a link) is the default
# subcommand's: it is completed as if '${default}' were there.
${function}_default() {
    if [[ \${COMP_CWORD} -ge 1 && " ${subcommands} " != *" \${COMP_WORDS[1]} "* ]] \\
        && [[ \${COMP_CWORD} -gt 1 || "\${COMP_WORDS[1]}" == -* ]]; then
        COMP_WORDS=("\${COMP_WORDS[0]}" ${default} "\${COMP_WORDS[@]:1}")
        COMP_CWORD=\$((COMP_CWORD + 1))
        COMP_LINE="\${COMP_WORDS[0]} ${default}\${COMP_LINE#"\${COMP_WORDS[0]}"}"
        COMP_POINT=\$((COMP_POINT + ${#default} + 1))
    fi
    ${function} "\$@"
}

complete -o filenames -F ${function}_default ${program}
SCRIPT
