#!/bin/bash
# list the open pull requests of the current repository
curl -s -H "Authorization: Bearer $GITHUB_TOKEN" \
  "https://api.github.com/repos/$GITHUB_REPOSITORY/pulls?state=open" | jq -r '.[].title'
