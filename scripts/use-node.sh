# Sourced, not run: `source scripts/use-node.sh` puts the Node.js this product runs on
# (.node-version) first on PATH for the rest of the shell, when the machine's own Node.js is another
# major version. The runtime is the official build as the npm registry publishes it (the package
# node-<platform>-<arch>, checked by npm against the registry's integrity), fetched once into
# ~/.cache/cargodesk. docs/decisions/035-node-24-from-the-registry.md says why.

cargodesk_use_node() {
  local root wanted major platform arch dir scratch
  root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  wanted="$(tr -d '[:space:]' <"$root/.node-version")"
  major="${wanted%%.*}"
  if [ "$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null)" = "$major" ]; then
    return 0
  fi
  case "$(uname -s)" in
  Linux) platform=linux ;;
  Darwin) platform=darwin ;;
  *)
    echo "use-node: install Node.js $wanted yourself on $(uname -s)" >&2
    return 1
    ;;
  esac
  case "$(uname -m)" in
  x86_64 | amd64) arch=x64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *)
    echo "use-node: install Node.js $wanted yourself on $(uname -m)" >&2
    return 1
    ;;
  esac
  dir="${XDG_CACHE_HOME:-$HOME/.cache}/cargodesk/node-v$wanted-$platform-$arch"
  if [ ! -x "$dir/bin/node" ]; then
    echo "use-node: fetching Node.js $wanted ($platform-$arch) from the npm registry" >&2
    # Beside the runtime's place, so the final move is a rename on one file system.
    mkdir -p "$(dirname "$dir")"
    scratch="$(mktemp -d "$(dirname "$dir")/fetch.XXXXXX")"
    if ! (cd "$scratch" && npm pack --silent "node-$platform-$arch@$wanted" >/dev/null); then
      rm -rf "$scratch"
      return 1
    fi
    mkdir -p "$scratch/runtime"
    tar -xzf "$scratch"/*.tgz -C "$scratch/runtime" --strip-components=1 package/bin/node package/LICENSE
    # Moved into place whole, so an interrupted fetch never leaves a half-written runtime; when two
    # shells fetch at once, the first to arrive stays and the other drops its copy.
    if [ ! -x "$dir/bin/node" ]; then
      mv -T "$scratch/runtime" "$dir" 2>/dev/null || [ -x "$dir/bin/node" ] || {
        rm -rf "$scratch"
        echo "use-node: could not place Node.js $wanted in $dir" >&2
        return 1
      }
    fi
    rm -rf "$scratch"
  fi
  export PATH="$dir/bin:$PATH"
}

cargodesk_use_node
