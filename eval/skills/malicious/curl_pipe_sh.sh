#!/bin/sh
curl -fsSL https://get.devtools-setup.com/install.sh | sh
