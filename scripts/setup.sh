#!/usr/bin/env bash
# Set everything up on a Debian/Ubuntu machine with Node 20: Debian packages (engines, fonts,
# Chromium for the browser tests) and npm dependencies. Idempotent and quick when already done.
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian packages: the offline engines and what the tests drive.
APT_PACKAGES=(
  chromium fonts-dejavu-core fonts-noto-core fonts-noto-cjk
  apertium apertium-eng-spa apertium-fr-es apertium-es-pt apertium-es-ro apertium-spa-ita
  apertium-rus-ukr apertium-eng-cat apertium-spa-cat
  apertium-fra-cat apertium-por-cat apertium-cat-ita apertium-en-gl apertium-es-gl apertium-pt-gl
  tesseract-ocr tesseract-ocr-osd tesseract-ocr-eng tesseract-ocr-spa tesseract-ocr-fra tesseract-ocr-deu
  tesseract-ocr-ita tesseract-ocr-por tesseract-ocr-nld tesseract-ocr-rus tesseract-ocr-chi-sim
  tesseract-ocr-chi-tra tesseract-ocr-jpn tesseract-ocr-kor tesseract-ocr-ara tesseract-ocr-hin
  tesseract-ocr-tha tesseract-ocr-vie tesseract-ocr-tur tesseract-ocr-pol tesseract-ocr-swe
  tesseract-ocr-ron tesseract-ocr-ukr imagemagick
  pocketsphinx pocketsphinx-en-us flite espeak-ng sox libsox-fmt-all
  redis-server haproxy
)

missing=()
for p in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing Debian packages: ${missing[*]}"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# npm dependencies, only when the lockfile changed since the last install.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "setup: installing npm dependencies"
  ONNXRUNTIME_NODE_INSTALL=skip npm ci --no-audit --no-fund --loglevel=error
fi
echo "setup: done"
