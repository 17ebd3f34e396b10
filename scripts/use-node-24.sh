# Puts Node.js 24 LTS first on PATH in the shell that sources this file, when the machine's Node is older:
#   . scripts/use-node-24.sh
# Node 24 comes once from the npm registry (the node-<os>-<cpu> package: the binary and its headers) into
# .tools/node-24, and npm_config_nodedir points any native module built from source at its headers (better-sqlite3
# ships prebuilt). A machine that already runs Node 24 or newer is left as it is. Sourced, so it returns rather
# than exits, and sets no shell options.

if [ -n "${BASH_VERSION:-}" ] && [ "${BASH_SOURCE[0]}" = "$0" ]; then
  echo "Source it, so that it changes this shell's PATH: . scripts/use-node-24.sh" >&2
  exit 2
fi

cull_log_root="$(cd "$(dirname "${BASH_SOURCE[0]:-$0}")/.." && pwd)"

cull_log_use_node_24() {
  local wanted=24
  local root="$cull_log_root"
  local current platform arch folder package
  current="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
  if [ "$current" -ge "$wanted" ]; then
    echo "Using the machine's Node.js $(node --version)."
    return 0
  fi
  if ! command -v npm >/dev/null 2>&1; then
    echo "Node.js $wanted is needed and npm is missing to fetch it: install Node.js $wanted LTS from https://nodejs.org/." >&2
    return 1
  fi
  case "$(uname -s)" in
    Linux) platform=linux ;;
    Darwin) platform=darwin ;;
    *)
      echo "Install Node.js $wanted LTS from https://nodejs.org/ (no npm build of it for $(uname -s) here)." >&2
      return 1
      ;;
  esac
  case "$(uname -m)" in
    x86_64 | amd64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *)
      echo "Install Node.js $wanted LTS from https://nodejs.org/ (no npm build of it for $(uname -m) here)." >&2
      return 1
      ;;
  esac
  package="node-$platform-$arch"
  folder="$root/.tools/node-$wanted"
  local home="$folder/node_modules/$package"
  if [ ! -x "$home/bin/node" ]; then
    echo "Fetching Node.js $wanted LTS from the npm registry ($package@$wanted) into .tools/ ..."
    mkdir -p "$folder"
    # Its own package.json, so that npm installs here and not into the workspace above it.
    [ -f "$folder/package.json" ] || echo '{ "private": true }' >"$folder/package.json"
    if ! npm install --prefix "$folder" --no-save --no-audit --no-fund --loglevel=error "$package@$wanted"; then
      echo "Could not fetch $package@$wanted from the npm registry; install Node.js $wanted LTS from https://nodejs.org/." >&2
      return 1
    fi
  fi
  export PATH="$home/bin:$PATH"
  export npm_config_nodedir="$home"
  hash -r 2>/dev/null || true
  echo "Using Node.js $(node --version) from .tools/ (the machine's is older)."
}

cull_log_use_node_24
cull_log_status=$?
unset -f cull_log_use_node_24
unset cull_log_root
return $cull_log_status 2>/dev/null || exit $cull_log_status
