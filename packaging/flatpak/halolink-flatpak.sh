#!/bin/sh
# Starts halolink inside the Flatpak. ~/.ssh is read-only there, so host keys
# accepted in the app are saved in the app's own known_hosts, and the person's
# ~/.ssh/known_hosts is still read (as the global file). Set either variable
# to choose otherwise.
data=${XDG_DATA_HOME:-$HOME/.local/share}/halolink
mkdir -p "$data"
export HALOLINK_SSH_KNOWN_HOSTS="${HALOLINK_SSH_KNOWN_HOSTS:-$data/known_hosts}"
export HALOLINK_SSH_GLOBAL_KNOWN_HOSTS="${HALOLINK_SSH_GLOBAL_KNOWN_HOSTS:-$HOME/.ssh/known_hosts}"
exec /app/bin/halolink "$@"
