#!/usr/bin/env bash
# One command for the room's broker on a Pi or any Debian machine: installs Mosquitto, its club config, the
# ACL and the scoreboard's read-only account, then (re)starts it. Run as root: sudo deploy/club/start.sh
# Tables' accounts: deploy/club/add-table.sh table-1 (docs/club.md).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
if [ "$(id -u)" -ne 0 ]; then
  echo "start: run as root (sudo $0)" >&2
  exit 1
fi
if ! command -v mosquitto >/dev/null 2>&1; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq mosquitto mosquitto-clients >/dev/null
fi
install -d -m 0750 -o root -g mosquitto /etc/mosquitto/club
install -m 0644 "$here/mosquitto.conf" /etc/mosquitto/conf.d/club.conf
install -m 0640 -o root -g mosquitto "$here/acl" /etc/mosquitto/club/acl
passwd_file=/etc/mosquitto/club/passwd
if [ ! -f "$passwd_file" ]; then
  touch "$passwd_file"
  chown root:mosquitto "$passwd_file"
  chmod 0640 "$passwd_file"
fi
if ! grep -q '^scoreboard:' "$passwd_file"; then
  password=$(head -c 12 /dev/urandom | base64 | tr -d '/+=' | cut -c1-16)
  mosquitto_passwd -b "$passwd_file" scoreboard "$password"
  echo "the scoreboard's read-only account: scoreboard, password $password"
  echo "(give it to companion club: --password-file FILE holding it)"
fi
if command -v systemctl >/dev/null 2>&1 && systemctl list-unit-files mosquitto.service >/dev/null 2>&1; then
  systemctl enable --now mosquitto
  systemctl restart mosquitto
  systemctl --no-pager --lines=0 status mosquitto
else
  exec mosquitto -c /etc/mosquitto/mosquitto.conf
fi
