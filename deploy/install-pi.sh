#!/usr/bin/env bash
# Installs the companion on a Raspberry Pi (Raspberry Pi OS Bookworm, Pi 4 or Pi 5) as a service that referees
# the game at the table when the Pi starts. Run from the project folder: sudo deploy/install-pi.sh [USER]
# NOT RUN ON REAL HARDWARE YET: written against Raspberry Pi OS's documented packages (see deploy/README.md).
set -euo pipefail
cd "$(dirname "$0")/.."
user="${1:-${SUDO_USER:-pi}}"
home="$(getent passwd "$user" | cut -d: -f6)"

# picamera2 and lgpio come from Raspberry Pi OS's own repository, built for its Python: the virtual environment
# sees them through --system-site-packages. libzbar0 is for pyzbar, the alternative QR reader.
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
  python3-venv python3-picamera2 python3-lgpio libzbar0 >/dev/null

sudo -u "$user" python3 -m venv --system-site-packages .venv
sudo -u "$user" .venv/bin/python -m pip install -q --upgrade pip
sudo -u "$user" .venv/bin/python -m pip install -q -e ".[vision,hardware,ui]"

# The panel's wiring and the game to play, in the app's config file (kept if it exists).
config="$home/.config/table-companion"
sudo -u "$user" mkdir -p "$config" "$home/.local/share/table-companion"
if [ ! -f "$config/config.toml" ]; then
  sudo -u "$user" cp deploy/config.example.toml "$config/config.toml"
fi

# GPIO access for the user (gpio group), then the service.
usermod -aG gpio,video "$user"
sed -e "s|@USER@|$user|g" -e "s|@DIR@|$(pwd)|g" -e "s|@HOME@|$home|g" \
  deploy/table-companion.service > /etc/systemd/system/table-companion.service
systemctl daemon-reload
systemctl enable table-companion.service
echo "Installed. Start now with: sudo systemctl start table-companion; logs: journalctl -u table-companion -f"
