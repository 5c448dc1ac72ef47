#!/bin/bash
# run the step given by the caller
step="$1"
eval "$step"
sh -c "convert $2 out.png"
