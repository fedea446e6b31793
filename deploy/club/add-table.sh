#!/usr/bin/env bash
# Adds a table's account (or changes its password): ./add-table.sh table-3
# Prints the password once; give it to that table's [club] section (docs/club.md, "Naming tables").
set -euo pipefail
name=${1:?usage: add-table.sh TABLE-NAME (lower-case letters, digits, dashes)}
if ! [[ $name =~ ^[a-z0-9][a-z0-9-]{0,31}$ ]]; then
  echo "add-table: $name is not a table's name: 1 to 32 lower-case letters, digits or dashes" >&2
  exit 2
fi
if [ "$name" = scoreboard ]; then
  echo "add-table: scoreboard is the read-only account, not a table" >&2
  exit 2
fi
passwd_file=${CLUB_PASSWD:-/etc/mosquitto/club/passwd}
password=$(head -c 12 /dev/urandom | base64 | tr -d '/+=' | cut -c1-16)
mosquitto_passwd -b "$passwd_file" "$name" "$password"
echo "table $name: password $password"
echo "Reload the broker so it reads the new password: systemctl reload mosquitto (or ./start.sh again)"
