#!/usr/bin/env bash
# The README's examples are the outputs of their commands (scripts/readme_examples.sh).
exec "$(dirname "$0")/../../scripts/readme_examples.sh"
